# test_modules.py: the public API that writes through the library's modules (MAT files through
# hyco-results-mat, plots through hyco-plot, a sweep's HDF5 file through hyco-hdf5) and solves
# through one (CVODE through hyco-cvode) works from Python as from C: the library loads each
# module into the interpreter when it is first needed.
import gi

gi.require_version("Hyco", "1.0")
from gi.repository import Hyco  # noqa: E402


def test_mat_file_read_back(tmp_path):
    scipy_io = __import__("pytest").importorskip("scipy.io")
    model = Hyco.Model.new_from_file("models/simultaneous-events.xml")
    model.set_record_results(True)
    model.run(None)
    results = model.get_results()
    path = tmp_path / "r.mat"
    assert results.save_mat(str(path))
    mat = scipy_io.loadmat(str(path), squeeze_me=True, struct_as_record=False)
    signals = {s.name: s for s in mat["signals"]}
    clock = signals["Clock1.output"]
    times = list(results.get_times("Clock1.output"))
    assert list(clock.ticks) == times
    assert list(clock.microstep) == list(results.get_microsteps("Clock1.output"))
    assert int(mat["resolution"]) == results.get_resolution()


def test_plot_and_sweep_file(tmp_path):
    h5py = __import__("pytest").importorskip("h5py")
    model = Hyco.Model.new_from_file("models/simultaneous-events.xml")
    model.set_record_results(True)
    model.run(None)
    svg = tmp_path / "p.svg"
    assert model.get_results().plot(str(svg), None, 0, 0)
    assert svg.read_text().rstrip().endswith("</svg>")

    sweep = Hyco.Sweep.new("models/bouncing-ball.xml")
    sweep.add_vary("e=[0.5,0.7]")
    sweep.set_stop_time("1")
    sweep.run(None)
    h5 = tmp_path / "s.h5"
    assert sweep.save_hdf5(str(h5))
    with h5py.File(str(h5), "r") as f:
        assert list(f["run"]) == [0, 1]
        assert list(f["parameters/e"]) == [0.5, 0.7]


def test_cvode():
    model = Hyco.Model.new_from_file("models/van-der-pol-stiff.xml")
    model.set_stop_time("10")
    model.set_record_results(True)
    model.run(None)
    assert model.get_results().get_sample_count("X1.state") > 10
