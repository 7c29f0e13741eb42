#!/usr/bin/env python3
"""Checks a game's own framebuffer against the overlay's surface, as the engine examples' tests
capture them (Tests/Engines/engine-examples-test): every pixel the surface covers must be the
surface composited over the game's background with (ONE, ONE_MINUS_SRC_ALPHA), within 3 of each
channel; the banner must cover at least MIN_OPAQUE opaque pixels at the bottom; a pixel the
surface leaves transparent shows the game: from row 300 down, where the examples draw nothing but
their background, it must be the background (an upload that missed a change leaves an old pixel).

usage: compare-capture.py FRAME(.ppm|.pam) SURFACE.pam BACKGROUND(r,g,b) MIN_OPAQUE [FROM_ROW]
Only rows from FROM_ROW (default 0) are compared: the game draws its background alone there.
Prints what it found; exit 1 when the frame does not show the surface."""
import sys


def read_netpbm(path):
    data = open(path, "rb").read()
    if data.startswith(b"P6"):
        fields, at = [], 2
        while len(fields) < 3:
            while data[at:at + 1].isspace():
                at += 1
            end = at
            while not data[end:end + 1].isspace():
                end += 1
            fields.append(int(data[at:end]))
            at = end
        width, height, _ = fields
        body = data[at + 1:]
        return width, height, 3, body
    if data.startswith(b"P7"):
        header, body = data.split(b"ENDHDR\n", 1)
        values = dict(line.split(b" ", 1) for line in header.split(b"\n")[1:] if b" " in line)
        return int(values[b"WIDTH"]), int(values[b"HEIGHT"]), int(values[b"DEPTH"]), body
    raise SystemExit(f"{path}: neither a P6 nor a P7 image")


def main():
    frame_path, surface_path, background, min_opaque = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    from_row = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    bg = [int(v) for v in background.split(",")]
    fw, fh, fd, frame = read_netpbm(frame_path)
    sw, sh, sd, surface = read_netpbm(surface_path)
    if (fw, fh) != (sw, sh) or sd != 4:
        raise SystemExit(f"the frame is {fw}x{fh}, the surface {sw}x{sh}x{sd}: they should be the same size, RGBA")
    covered = opaque = translucent = wrong = not_premultiplied = stale = 0
    first_wrong = None
    for y in range(sh):
        for x in range(sw):
            s = (y * sw + x) * 4
            r, g, b, a = surface[s], surface[s + 1], surface[s + 2], surface[s + 3]
            if max(r, g, b) > a:
                not_premultiplied += 1
            if a == 0:
                if y >= max(from_row, 300):
                    f = (y * fw + x) * fd
                    if any(abs(frame[f + k] - bg[k]) > 3 for k in range(3)):
                        stale += 1
                continue
            if y < from_row:
                continue
            covered += 1
            translucent += a < 255
            if a == 255 and y >= sh - 100:
                opaque += 1
            f = (y * fw + x) * fd
            shown = frame[f], frame[f + 1], frame[f + 2]
            expected = [min(255, c + bgc * (255 - a) / 255) for c, bgc in zip((r, g, b), bg)]
            if any(abs(s_ - e) > 3 for s_, e in zip(shown, expected)):
                wrong += 1
                if first_wrong is None:
                    first_wrong = (x, y, shown, tuple(round(e) for e in expected), (r, g, b, a))
    print(f"{covered} pixels covered by the overlay ({translucent} translucent), {opaque} opaque in the bottom 100 rows, "
          f"{wrong} shown otherwise than composited, {not_premultiplied} not premultiplied, "
          f"{stale} left transparent but not the game's background")
    if first_wrong:
        print(f"first wrong pixel at {first_wrong[0]},{first_wrong[1]}: shown {first_wrong[2]}, expected "
              f"{first_wrong[3]} from surface {first_wrong[4]}")
    if wrong or not_premultiplied or stale or opaque < min_opaque:
        sys.exit(1)


main()
