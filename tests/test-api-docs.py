#!/usr/bin/python3
"""The API reference has no entry without a description (issue 21): every function, method,
constructor, virtual method, signal and property of the built GIR, and every class, interface,
record, enumeration and callback, carries a <doc> that says something beyond its parameters.

A gtk-doc block with only parameter lines and `Returns:` gives the GIR no <doc> for the entry
itself, and gi-docgen then prints "No description available"; this test lists every such entry
by the C name a writer greps for, so the one to document is found at once.

Usage: test-api-docs.py Hyco-1.0.gir
"""
import sys
import xml.etree.ElementTree as ET

CORE = "{http://www.gtk.org/introspection/core/1.0}"
C = "{http://www.gtk.org/introspection/c/1.0}"
GLIB = "{http://www.gtk.org/introspection/glib/1.0}"

# The kinds of entry gi-docgen gives a page or a section of one.
TYPES = ["class", "interface", "record", "enumeration", "bitfield", "callback", "constant"]
MEMBERS = ["function", "method", "constructor", "virtual-method", "property",
           GLIB + "signal"]


def tag(kind):
    return kind if kind.startswith("{") else CORE + kind


def described(element):
    doc = element.find(CORE + "doc")
    return doc is not None and doc.text is not None and doc.text.strip() != ""


def label(element, owner):
    """The entry by the name a writer finds in the sources: the C symbol of a function, the
    class and name of a virtual method, signal or property."""
    symbol = (element.get(C + "identifier") or element.get(C + "type")
              or element.get(GLIB + "type-name"))
    if symbol:
        return symbol
    kind = element.tag.split("}")[1]
    name = element.get("name")
    if owner is None:
        return "%s %s" % (kind, name)
    return "%s %s of %s" % (kind, name, owner.get(C + "type") or owner.get("name"))


def undocumented(gir_path):
    tree = ET.parse(gir_path)
    namespace = tree.getroot().find(CORE + "namespace")
    missing = []
    for element in namespace:
        kind = element.tag
        if kind in [tag(t) for t in TYPES]:
            # Records that only carry a class's vfuncs (HycoActorClass) and private structs
            # have no page of their own (their functions, class methods, do: checked below).
            page = not (element.get(GLIB + "is-gtype-struct-for")
                        or element.get("disguised") == "1" or element.get("opaque") == "1")
            if page and not described(element):
                missing.append(label(element, None))
        if kind == tag("function") and not described(element):
            missing.append(label(element, None))
        for member in element:
            if member.tag in [tag(m) for m in MEMBERS] and not described(member):
                missing.append(label(member, element))
    # An error domain's quark is both a function of the namespace and of its enumeration.
    return list(dict.fromkeys(missing))


def main():
    missing = undocumented(sys.argv[1])
    if missing:
        print("%d entries of the API reference have no description "
              "(a gtk-doc comment with a sentence before the parameters; for a virtual method "
              "without an invoker, a `HycoFooClass::vfunc:` comment):" % len(missing))
        for name in missing:
            print("  " + name)
        return 1
    print("every entry of the API reference has a description")
    return 0


if __name__ == "__main__":
    sys.exit(main())
