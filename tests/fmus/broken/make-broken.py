#!/usr/bin/env python3
"""Writes the FMUs the loader must refuse: make-broken.py OUTDIR modelDescription.xml LOADER.so
NO-DOSTEP.so LOADER-MINIMAL.so

Each archive is the loader's valid test FMU (../loader) with one thing wrong, named after it.
Two must load all the same: stateless.fmu, whose library (LOADER-MINIMAL.so) lacks the optional
functions, and dependency-on-parameter.fmu, whose output lists a parameter among its
dependencies (with a message). Entries get a fixed date so that builds are reproducible.
"""
import os
import struct
import sys
import warnings
import zipfile

DATE = (2020, 1, 1, 0, 0, 0)


def entry(name, mode=0o644, system=3):
    info = zipfile.ZipInfo(name, date_time=DATE)
    info.create_system = system
    info.external_attr = mode << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def write(path, entries):
    """entries: (ZipInfo or name, bytes) pairs."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicate names are the point of one archive
        with zipfile.ZipFile(path, "w") as archive:
            for info, data in entries:
                archive.writestr(entry(info) if isinstance(info, str) else info, data)


def edit(text, old, new):
    if old not in text:
        sys.exit(f"make-broken.py: {old!r} is not in the loader's modelDescription.xml")
    return text.replace(old, new, 1)


def declare_huge(path, name):
    """Rewrites the uncompressed size of @name in the central directory to 3.75 GiB: a zip bomb
    as the loader sees it before unpacking, without writing one."""
    with open(path, "rb") as f:
        data = bytearray(f.read())
    start = data.find(b"PK\x01\x02")
    while start >= 0:
        name_length = struct.unpack_from("<H", data, start + 28)[0]
        if data[start + 46:start + 46 + name_length] == name.encode():
            struct.pack_into("<I", data, start + 24, 0xF0000000)
            break
        start = data.find(b"PK\x01\x02", start + 4)
    else:
        sys.exit(f"make-broken.py: no central directory entry {name}")
    with open(path, "wb") as f:
        f.write(data)


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__.strip().splitlines()[0])
    outdir, description_path, loader_path, no_dostep_path, minimal_path = sys.argv[1:]
    with open(description_path, encoding="utf-8") as f:
        description = f.read()
    with open(loader_path, "rb") as f:
        loader = f.read()
    with open(no_dostep_path, "rb") as f:
        no_dostep = f.read()
    with open(minimal_path, "rb") as f:
        minimal = f.read()
    library = "binaries/linux64/loader.so"

    def fmu(name, entries):
        write(os.path.join(outdir, name), entries)

    def valid_with(*extra):
        return [("modelDescription.xml", description.encode()), (library, loader), *extra]

    def described(text, lib=loader):
        return [("modelDescription.xml", text.encode()), (library, lib)]

    # Unsafe archives: refused before anything is written.
    fmu("parent-path.fmu", valid_with(("resources/../../evil", b"x")))
    fmu("absolute-path.fmu", valid_with(("/tmp/hyco-fmu-evil", b"x")))
    fmu("backslash-path.fmu", valid_with(("..\\evil", b"x")))
    fmu("symlink.fmu", valid_with((entry("resources/passwd", 0o120777), b"/etc/passwd")))
    fmu("huge.fmu", valid_with(("resources/big", b"0" * 1000)))
    declare_huge(os.path.join(outdir, "huge.fmu"), "resources/big")
    fmu("duplicate-entry.fmu", valid_with(("modelDescription.xml", description.encode())))
    with open(os.path.join(outdir, "not-a-zip.fmu"), "w") as f:
        f.write("This is a text file, not a zip archive.\n")

    # What an FMU must hold.
    fmu("no-description.fmu", [(library, loader)])
    fmu("no-binary.fmu", [("modelDescription.xml", description.encode()),
                          ("binaries/win64/loader.dll", b"MZ")])
    fmu("missing-function.fmu", described(description, no_dostep))
    fmu("not-a-library.fmu", described(description, b"This is not a shared library.\n"))
    # Without fmi2GetFMUstate and the others: refused when the FMU says it can get and set its
    # state, loaded when it says it cannot.
    fmu("missing-state-functions.fmu", described(description, minimal))
    fmu("stateless.fmu",
        described(edit(description, 'canGetAndSetFMUstate="true"', 'canGetAndSetFMUstate="false"'),
                  minimal))

    # Descriptions that are malformed, unsupported or inconsistent.
    fmu("bad-xml.fmu", described(edit(description, "<ModelStructure>", "<ModelStructure")))
    fmu("fmi1.fmu", described(edit(description, 'fmiVersion="2.0"', 'fmiVersion="1.0"')))
    fmu("no-cosimulation.fmu",
        described(edit(description, '<CoSimulation modelIdentifier="loader"',
                       '<ModelExchange modelIdentifier="loader"')))
    fmu("dependency-not-input.fmu",
        described(edit(description, '<Unknown index="4" dependencies="2"/>',
                       '<Unknown index="4" dependencies="2 5"/>')))
    fmu("dependency-on-parameter.fmu",  # loads, with a message
        described(edit(description, '<Unknown index="4" dependencies="2"/>',
                       '<Unknown index="4" dependencies="3 2"/>')))
    fmu("bad-identifier.fmu",
        described(edit(description, 'modelIdentifier="loader"',
                       'modelIdentifier="../../../loader"')))
    fmu("entity.fmu",
        described(edit(edit(description, "<fmiModelDescription ",
                            '<!DOCTYPE fmiModelDescription [<!ENTITY a "aaaaaaaa">]>\n'
                            "<fmiModelDescription "),
                       'generationTool="hyco tests"', 'generationTool="&a;"')))
    fmu("bad-min.fmu",
        described(edit(description, '<Real start="2" unit="1"/>',
                       '<Real start="2" unit="1" min="zero"/>')))
    fmu("bad-initial.fmu",
        described(edit(description, 'variability="discrete" initial="exact"',
                       'variability="discrete" initial="sometimes"')))
    fmu("two-types.fmu",
        described(edit(description, '<Real start="2" unit="1"/>',
                       '<Real start="2" unit="1"/><Integer start="2"/>')))


if __name__ == "__main__":
    main()
