#!/usr/bin/python3
"""Drops files on an X11 window by XDND, as a file manager's drag and drop does: a real drop, for tests.

Usage: DISPLAY=:99 scripts/xdnd-drop.py WINDOW_ID FILE [FILE ...]

It plays the source side of the XDND protocol (version 5) against WINDOW_ID (as `xdotool search` prints it): it owns
the XdndSelection, sends XdndEnter, XdndPosition at the window's centre and, once the window accepts, XdndDrop; it
answers the window's request for the selection with the files as text/uri-list, and waits for XdndFinished. The
window's toolkit (SDL, for SheetLab) then hands the files to the app as it would any drop. xdotool cannot drag files,
and Debian has no drag-and-drop source tool, so the window tests use this (tests need python3-xlib: Makefile
TEST_PACKAGES). Exits 0 when the window finished the drop, 1 when it refused it, 2 on a timeout.
"""
import os
import select
import sys
import time
import urllib.parse

from Xlib import X, display
from Xlib.protocol import event

TIMEOUT = 60  # seconds; a guard against a hang, not a wait


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 64
    target_id = int(sys.argv[1], 0)
    uris = "".join("file://" + urllib.parse.quote(os.path.abspath(f)) + "\r\n" for f in sys.argv[2:]).encode()

    d = display.Display()
    atom = lambda name: d.intern_atom(name)
    aware, enter, position, status, drop, finished, selection, copy, uri_list = map(atom, [
        "XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndDrop", "XdndFinished", "XdndSelection",
        "XdndActionCopy", "text/uri-list"])
    target = d.create_resource_object("window", target_id)
    prop = target.get_full_property(aware, X.AnyPropertyType)
    if prop is None or not prop.value:
        print(f"xdnd-drop: window {target_id:#x} does not take drops (no XdndAware)", file=sys.stderr)
        return 1
    version = min(5, int(prop.value[0]))

    source = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, X.InputOnly, X.CopyFromParent)
    source.set_selection_owner(selection, X.CurrentTime)

    def send(kind, data):
        target.send_event(event.ClientMessage(window=target, client_type=kind, data=(32, data)))
        d.flush()

    geometry = target.get_geometry()
    origin = target.translate_coords(d.screen().root, 0, 0)
    x, y = -origin.x + geometry.width // 2, -origin.y + geometry.height // 2

    send(enter, [source.id, version << 24, uri_list, 0, 0])
    send(position, [source.id, 0, (x << 16) | y, X.CurrentTime, copy])

    dropped = False
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if not d.pending_events():
            select.select([d], [], [], 0.1)
            continue
        e = d.next_event()
        if e.type == X.ClientMessage and e.client_type == status:
            if not dropped:
                if not e.data[1][1] & 1:
                    print("xdnd-drop: the window refused the drop", file=sys.stderr)
                    send(atom("XdndLeave"), [source.id, 0, 0, 0, 0])
                    return 1
                send(drop, [source.id, 0, X.CurrentTime, 0, 0])
                dropped = True
        elif e.type == X.SelectionRequest:
            # The window asks for the dropped data: the URI list, into the property it names.
            requestor, prop_atom = e.requestor, e.property or e.target
            if e.target == uri_list:
                requestor.change_property(prop_atom, uri_list, 8, uris)
            else:
                prop_atom = X.NONE
            requestor.send_event(event.SelectionNotify(time=e.time, requestor=requestor, selection=e.selection,
                                                       target=e.target, property=prop_atom))
            d.flush()
        elif e.type == X.ClientMessage and e.client_type == finished:
            return 0
    print("xdnd-drop: timed out waiting for the window", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
