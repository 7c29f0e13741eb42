#!/usr/bin/env python3
"""Draws the shipped ad creatives in Assets/ads/: 728x90 banners, drawn at 2x for HiDPI, and one
1280x720 landscape creative per full-screen format (`--fullscreen` draws only those).

Needs Pillow (pip install pillow) and DejaVu fonts (fonts-dejavu-core). The PNGs are committed, so
this runs only when the creatives change.
"""
import json
import math
import pathlib

from PIL import Image, ImageDraw, ImageFont

OUT = pathlib.Path(__file__).resolve().parent.parent / "Assets" / "ads"
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
W, H = 1456, 180  # 728x90 at 2x


def gradient(size, top, bottom):
    image = Image.new("RGB", size)
    draw = ImageDraw.Draw(image)
    for y in range(size[1]):
        t = y / max(1, size[1] - 1)
        draw.line([(0, y), (size[0], y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    return image


def creative(name, top, bottom, accent, headline, tagline, button, motif):
    image = gradient((W, H), top, bottom)
    draw = ImageDraw.Draw(image, "RGBA")
    motif(draw, accent)
    draw.text((230, 34), headline, font=ImageFont.truetype(FONT_BOLD, 56), fill=(255, 255, 255))
    draw.text((232, 106), tagline, font=ImageFont.truetype(FONT, 32), fill=(235, 240, 255, 220))
    bx, by, bw, bh = W - 330, 50, 280, 80
    draw.rounded_rectangle([bx, by, bx + bw, by + bh], radius=40, fill=accent)
    font = ImageFont.truetype(FONT_BOLD, 34)
    tw = draw.textlength(button, font=font)
    draw.text((bx + (bw - tw) / 2, by + 20), button, font=font, fill=(20, 24, 36))
    image.save(OUT / name, optimize=True)


def stars(draw, accent):
    for i in range(9):
        x, y, r = 40 + (i * 53) % 150, 20 + (i * 37) % 140, 6 + (i % 3) * 5
        draw.ellipse([x - r, y - r, x + r, y + r], fill=accent[:3] + (200,))
    draw.ellipse([70, 40, 170, 140], outline=(255, 255, 255, 230), width=8)


def waves(draw, accent):
    for k in range(4):
        points = [(x, 90 + k * 18 + 22 * math.sin(x / 28 + k)) for x in range(20, 200, 4)]
        draw.line(points, fill=accent[:3] + (230 - k * 40,), width=8)


def blocks(draw, accent):
    for i in range(5):
        draw.rectangle([30 + i * 34, 130 - i * 22, 58 + i * 34, 150], fill=accent[:3] + (150 + i * 20,))


def landscape(name, top, bottom, accent, headline, tagline, badge, motif):
    """A 1280x720 full-screen creative: a gradient, a motif, a headline, a tagline and a badge."""
    image = gradient((1280, 720), top, bottom)
    draw = ImageDraw.Draw(image, "RGBA")
    motif(draw, accent)
    draw.text((90, 300), headline, font=ImageFont.truetype(FONT_BOLD, 84), fill=(255, 255, 255))
    draw.text((94, 410), tagline, font=ImageFont.truetype(FONT, 40), fill=(235, 240, 255, 230))
    font = ImageFont.truetype(FONT_BOLD, 44)
    width = draw.textlength(badge, font=font) + 80
    draw.rounded_rectangle([90, 500, 90 + width, 590], radius=45, fill=accent)
    draw.text((130, 520), badge, font=font, fill=(20, 24, 36))
    image.save(OUT / name, optimize=True)


def comets(draw, accent):
    for i in range(14):
        x, y = 700 + (i * 97) % 520, 60 + (i * 61) % 220
        draw.line([(x, y), (x - 120, y + 60)], fill=accent[:3] + (90 + (i % 4) * 40,), width=6)
        draw.ellipse([x - 12, y - 12, x + 12, y + 12], fill=(255, 255, 255, 230))


def coins(draw, accent):
    font = ImageFont.truetype(FONT_BOLD, 40)
    for i in range(8):
        x, y, r = 760 + (i % 4) * 120, 90 + (i // 4) * 120, 48
        draw.ellipse([x - r, y - r, x + r, y + r], fill=accent, outline=(255, 255, 255, 200), width=6)
        draw.text((x, y), "50", font=font, fill=(120, 80, 0), anchor="mm")


def fullscreen():
    """The landscape creatives of the full-screen formats."""
    landscape("break-interstitial.png", (12, 18, 60), (40, 70, 160), (255, 196, 77, 255),
              "Starfall Tactics", "New season: thirty missions among the stars.", "Play free", comets)
    landscape("bonus-rewarded.png", (60, 30, 8), (170, 90, 20), (255, 214, 90, 255),
              "Bonus coins", "Watch to the end and the coins are yours.", "50 coins", coins)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    creative("starfall.png", (38, 20, 90), (92, 36, 160), (255, 196, 77, 255),
             "Starfall Tactics", "Command the night sky. Free to play.", "Play now", stars)
    creative("tidewater.png", (6, 60, 92), (10, 130, 150), (120, 240, 220, 255),
             "Tidewater Café", "Fresh coffee by the harbour, 7 days a week.", "Learn more", waves)
    creative("blockworks.png", (120, 30, 30), (200, 80, 40), (255, 230, 140, 255),
             "Blockworks Builder", "Stack, snap and share your towers.", "Open site", blocks)
    manifest = {
        "ads": [
            {"id": "starfall", "image": "starfall.png", "title": "Starfall Tactics: command the night sky",
             "action": "in-app"},
            {"id": "tidewater", "image": "tidewater.png", "title": "Tidewater Café: fresh coffee by the harbour",
             "action": "in-app"},
            {"id": "blockworks", "image": "blockworks.png", "title": "Blockworks Builder",
             "action": "open-url", "url": "https://example.com/blockworks"},
        ]
    }
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    import sys

    fullscreen() if sys.argv[1:] == ["--fullscreen"] else (main(), fullscreen())
