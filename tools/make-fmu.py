#!/usr/bin/env python3
"""Packs an FMU: make-fmu.py OUTPUT.fmu modelDescription.xml LIBRARY.so [RESOURCE ...]

The archive holds modelDescription.xml, binaries/linux64/<modelIdentifier>.so (FMI 3.0:
binaries/x86_64-linux/; the library, renamed after the modelIdentifier of the description's
CoSimulation element, or of its ModelExchange element for a Model Exchange FMU) and the
resources given, under resources/. Entries get a fixed date so that builds are reproducible.
"""
import os
import sys
import xml.etree.ElementTree as ElementTree
import zipfile


def add(archive, name, path):
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    with open(path, "rb") as f:
        archive.writestr(info, f.read())


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[0])
    output, description, library = sys.argv[1:4]
    root = ElementTree.parse(description).getroot()
    interface = root.find("CoSimulation")
    if interface is None:
        interface = root.find("ModelExchange")
    if interface is None:
        sys.exit(f"{description}: neither a CoSimulation nor a ModelExchange element")
    identifier = interface.get("modelIdentifier")
    with zipfile.ZipFile(output + ".tmp", "w") as archive:
        add(archive, "modelDescription.xml", description)
        platform = "x86_64-linux" if root.get("fmiVersion", "").startswith("3.") else "linux64"
        add(archive, f"binaries/{platform}/{identifier}.so", library)
        for resource in sys.argv[4:]:
            add(archive, "resources/" + os.path.basename(resource), resource)
    os.replace(output + ".tmp", output)


if __name__ == "__main__":
    main()
