# test_value_bytes.py: bytes values (FMI 3.0 Binary) from Python, as GLib.Bytes.
from gi.repository import GLib, Hyco


def test_bytes_value_round_trip():
    value = Hyco.Value.new()
    value.set_bytes(GLib.Bytes.new(b"\x0a\x1b\xff"))
    assert value.get_value_type() == Hyco.ValueType.BYTES
    assert value.get_bytes().get_data() == b"\x0a\x1b\xff"
    assert value.to_literal() == "0x0a1bff"
    parsed = Hyco.Value.new()
    assert Hyco.value_parse_literal("0x0a1bff", parsed)
    assert parsed.equal(value)
    value.set_bytes_data(b"")
    assert value.get_bytes().get_size() == 0
    assert value.to_string() == "0x"


def test_binary_output_of_an_fmu():
    model = Hyco.Model.new_from_data(
        '<entity name="m" class="TypedCompositeActor">'
        '<property name="d" class="DEDirector"><property name="stopTime" value="0"/></property>'
        '<entity name="T" class="FMUImport"><property name="fmuFile" value="types3.fmu"/>'
        '<property name="data" value="c0ffee"/></entity>'
        '<entity name="Rec" class="Recorder"/>'
        '<relation name="r" class="TypedIORelation"/>'
        '<link port="T.data_reversed" relation="r"/><link port="Rec.input" relation="r"/>'
        '</entity>', -1, "inline.xml")
    model.run(None)
    recorder = model.lookup_actor("Rec")
    value = recorder.get_value(0)
    assert value.get_value_type() == Hyco.ValueType.BYTES
    assert value.get_bytes().get_data() == b"\xee\xff\xc0"
