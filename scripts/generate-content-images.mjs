#!/usr/bin/env node
/**
 * Generates the embedded site's images, as `storyblok assets pull` lays them out: the file
 * content/assets/1000001/{name}_{id}.{jpg|svg} beside its asset object {name}_{id}.json, whose
 * filename https://a.storyblok.com/f/1000001/{w}x{h}/{hash}/{name}.{ext} is served at /a/f/…
 * from SVG artwork drawn here: stage lights, courts, food, hospitality spaces, the arena at dusk and
 * the sponsors' wordmarks. Deterministic: the same script always draws the same pixels (seeded
 * random numbers, fixed encoder settings), so the JPEGs are committed and the script is only re-run
 * when the artwork changes.
 *
 *   node scripts/generate-content-images.mjs          # writes every image
 *   node scripts/generate-content-images.mjs --list   # prints name, size and asset path
 *
 * Other scripts import IMAGES and assetFilename() to reference the same files. An image keeps the
 * id and metadata (alt text…) of its asset object; only its size (content_length) is rewritten. A
 * new image gets the next free id and an asset object without alt text, for an editor to fill in.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const SPACE_ID = 1000001;
export const ASSET_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../content/assets");

const NIGHT = "#14121c";
const PURPLE = "#5b1fd1";
const CORAL = "#ff5a36";
const WARM = "#ffd08a";
const AMBER = "#ffb347";
const MAGENTA = "#d6246e";
const CYAN = "#43c6e8";

// ---------------------------------------------------------------------------------------------
// Deterministic helpers

function seedOf(text) {
  return createHash("sha1").update(text).digest().readUInt32LE(0);
}

function mulberry32(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (min, max) => min + next() * (max - min);
  next.int = (min, max) => Math.floor(min + next() * (max - min + 1));
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

const f = (n) => (Math.round(n * 10) / 10).toString();

/** A drawing surface: collects defs and shapes, hands out unique ids. */
function canvas(w, h, rng) {
  const defs = [];
  const body = [];
  let counter = 0;
  const c = {
    w,
    h,
    rng,
    id: (prefix) => `${prefix}${counter++}`,
    def: (s) => defs.push(s),
    add: (...s) => body.push(...s),
    svg: () =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs.join("")}</defs>${body.join("")}</svg>`,
  };
  return c;
}

function stopsXml(stops) {
  return stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join("");
}

function linear(c, stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false) {
  const id = c.id("l");
  const units = user ? ` gradientUnits="userSpaceOnUse"` : "";
  c.def(`<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${units}>${stopsXml(stops)}</linearGradient>`);
  return `url(#${id})`;
}

function radial(c, cx, cy, r, stops) {
  const id = c.id("r");
  c.def(`<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" gradientUnits="userSpaceOnUse">${stopsXml(stops)}</radialGradient>`);
  return `url(#${id})`;
}

function blurFilter(c, deviation) {
  const id = c.id("b");
  c.def(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`);
  return `url(#${id})`;
}

function background(c, stops, vertical = true) {
  c.add(`<rect width="${c.w}" height="${c.h}" fill="${linear(c, stops, 0, 0, vertical ? 0 : 1, vertical ? 1 : 0)}"/>`);
}

function glow(c, cx, cy, r, color, opacity = 0.6) {
  c.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${radial(c, cx, cy, r, [[0, color, opacity], [0.45, color, opacity * 0.35], [1, color, 0]])}"/>`);
}

function vignette(c, strength = 0.65) {
  const r = Math.hypot(c.w, c.h) / 2;
  c.add(`<rect width="${c.w}" height="${c.h}" fill="${radial(c, c.w / 2, c.h / 2, r, [[0.55, "#000", 0], [1, "#000", strength]])}"/>`);
}

function beam(c, sx, sy, ex, ey, spread, color, opacity = 0.5) {
  const angle = Math.atan2(ey - sy, ex - sx) + Math.PI / 2;
  const dx = Math.cos(angle) * spread;
  const dy = Math.sin(angle) * spread;
  const fill = linear(c, [[0, color, opacity], [0.6, color, opacity * 0.25], [1, color, 0]], sx, sy, ex, ey, true);
  c.add(`<polygon points="${f(sx - dx * 0.04)},${f(sy - dy * 0.04)} ${f(sx + dx * 0.04)},${f(sy + dy * 0.04)} ${f(ex + dx)},${f(ey + dy)} ${f(ex - dx)},${f(ey - dy)}" fill="${fill}"/>`);
  glow(c, sx, sy, 26, color, 0.9);
}

function stars(c, count, maxY, color = "#fff") {
  const { rng } = c;
  for (let i = 0; i < count; i++) {
    c.add(`<circle cx="${f(rng() * c.w)}" cy="${f(rng() * maxY)}" r="${f(rng.range(0.6, 2))}" fill="${color}" opacity="${f(rng.range(0.3, 0.9))}"/>`);
  }
}

function bokeh(c, count, colors, minY, maxY, minR, maxR, opacity = 0.35) {
  const { rng } = c;
  for (let i = 0; i < count; i++) {
    const color = rng.pick(colors);
    const r = rng.range(minR, maxR);
    c.add(`<circle cx="${f(rng() * c.w)}" cy="${f(rng.range(minY, maxY))}" r="${f(r)}" fill="${color}" opacity="${f(rng.range(opacity * 0.4, opacity))}"/>`);
  }
}

/** Rows of heads and shoulders seen from behind, some hands and phone lights up. */
function crowd(c, baseY, rows, color, options = {}) {
  const { rng, w } = c;
  const { hands = 0.15, phones = 0.06, scale = 1 } = options;
  const shapes = [];
  const lights = [];
  for (let row = 0; row < rows; row++) {
    const s = scale * (1 + row * 0.28);
    const y = baseY + row * 26 * s;
    let x = -30 + rng() * 20;
    while (x < w + 40) {
      const head = rng.range(10, 14) * s;
      const hy = y - rng.range(0, 10) * s;
      shapes.push(`<ellipse cx="${f(x)}" cy="${f(hy + head * 3.1)}" rx="${f(head * 2.2)}" ry="${f(head * 2.4)}"/>`);
      shapes.push(`<circle cx="${f(x)}" cy="${f(hy)}" r="${f(head)}"/>`);
      if (rng() < hands) {
        const side = rng() < 0.5 ? -1 : 1;
        const hx = x + side * head * rng.range(1.2, 2.4);
        const top = hy - head * rng.range(3, 5);
        shapes.push(`<path d="M${f(x + side * head * 1.3)},${f(hy + head * 1.8)} L${f(hx)},${f(top)}" stroke="${color}" stroke-width="${f(head * 0.75)}" stroke-linecap="round" fill="none"/>`);
        shapes.push(`<circle cx="${f(hx)}" cy="${f(top - head * 0.2)}" r="${f(head * 0.5)}"/>`);
        if (rng() < phones / hands) {
          lights.push(`<rect x="${f(hx - head * 0.35)}" y="${f(top - head * 1.3)}" width="${f(head * 0.7)}" height="${f(head * 1.1)}" rx="2" fill="#fff8e6" opacity="0.9"/>`);
          lights.push(`<circle cx="${f(hx)}" cy="${f(top - head * 0.8)}" r="${f(head * 2.2)}" fill="${WARM}" opacity="0.12"/>`);
        }
      }
      x += rng.range(20, 34) * s;
    }
  }
  c.add(`<g fill="${color}">${shapes.join("")}</g>`, lights.join(""));
}

function truss(c, y, height = 16) {
  const parts = [`<rect x="0" y="${f(y)}" width="${c.w}" height="${height}" fill="#0c0b12"/>`];
  let zig = "";
  for (let x = 0; x <= c.w; x += height) zig += `${x === 0 ? "M" : "L"}${x},${(x / height) % 2 === 0 ? y : y + height} `;
  parts.push(`<path d="${zig}" stroke="#2a2636" stroke-width="2" fill="none"/>`);
  c.add(...parts);
}

function performer(c, x, baseY, size, color = "#07060a") {
  const s = size;
  c.add(
    `<g fill="${color}">` +
      `<circle cx="${f(x)}" cy="${f(baseY - s * 1.72)}" r="${f(s * 0.12)}"/>` +
      `<path d="M${f(x - s * 0.2)},${f(baseY - s * 1.55)} Q${f(x)},${f(baseY - s * 1.62)} ${f(x + s * 0.2)},${f(baseY - s * 1.55)} L${f(x + s * 0.16)},${f(baseY - s * 0.8)} L${f(x + s * 0.22)},${f(baseY)} L${f(x + s * 0.07)},${f(baseY)} L${f(x)},${f(baseY - s * 0.7)} L${f(x - s * 0.07)},${f(baseY)} L${f(x - s * 0.22)},${f(baseY)} L${f(x - s * 0.16)},${f(baseY - s * 0.8)} Z"/>` +
      `<path d="M${f(x + s * 0.18)},${f(baseY - s * 1.5)} L${f(x + s * 0.45)},${f(baseY - s * 2.05)}" stroke="${color}" stroke-width="${f(s * 0.08)}" stroke-linecap="round"/>` +
      `<path d="M${f(x + s * 0.35)},${f(baseY - s * 1.3)} L${f(x + s * 0.35)},${f(baseY)}" stroke="${color}" stroke-width="${f(s * 0.025)}"/>` +
      `</g>`,
  );
}

function firework(c, cx, cy, r, color) {
  const { rng } = c;
  const rays = rng.int(14, 22);
  let d = "";
  const tips = [];
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2 + rng.range(-0.05, 0.05);
    const inner = r * rng.range(0.15, 0.3);
    const outer = r * rng.range(0.8, 1);
    d += `M${f(cx + Math.cos(a) * inner)},${f(cy + Math.sin(a) * inner)} L${f(cx + Math.cos(a) * outer)},${f(cy + Math.sin(a) * outer)} `;
    tips.push(`<circle cx="${f(cx + Math.cos(a) * outer)}" cy="${f(cy + Math.sin(a) * outer)}" r="${f(r * 0.025 + 1)}"/>`);
  }
  glow(c, cx, cy, r * 1.2, color, 0.25);
  c.add(`<path d="${d}" stroke="${color}" stroke-width="${f(Math.max(1.5, r * 0.018))}" stroke-linecap="round" opacity="0.9"/>`, `<g fill="#fff6e0">${tips.join("")}</g>`);
}

function palm(c, x, baseY, height, color) {
  const { rng } = c;
  const lean = rng.range(-0.25, 0.25) * height;
  const topX = x + lean;
  const topY = baseY - height;
  const parts = [`<path d="M${f(x - 6)},${f(baseY)} Q${f(x + lean * 0.2)},${f(baseY - height * 0.5)} ${f(topX - 3)},${f(topY)} L${f(topX + 3)},${f(topY)} Q${f(x + lean * 0.2 + 8)},${f(baseY - height * 0.5)} ${f(x + 6)},${f(baseY)} Z" fill="${color}"/>`];
  for (let i = 0; i < 8; i++) {
    const a = -Math.PI + (i / 7) * Math.PI + rng.range(-0.15, 0.15);
    const len = height * rng.range(0.32, 0.45);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.6 + len * 0.35;
    const mx = topX + Math.cos(a) * len * 0.5;
    const my = topY + Math.sin(a) * len * 0.5 - len * 0.15;
    parts.push(`<path d="M${f(topX)},${f(topY)} Q${f(mx)},${f(my - 10)} ${f(ex)},${f(ey)} Q${f(mx)},${f(my + 8)} ${f(topX)},${f(topY)} Z" fill="${color}"/>`);
  }
  c.add(...parts);
}

function tree(c, x, baseY, size, color) {
  const { rng } = c;
  const parts = [`<rect x="${f(x - size * 0.05)}" y="${f(baseY - size * 0.7)}" width="${f(size * 0.1)}" height="${f(size * 0.7)}" fill="${color}"/>`];
  for (let i = 0; i < 6; i++) {
    parts.push(`<circle cx="${f(x + rng.range(-0.35, 0.35) * size)}" cy="${f(baseY - size * rng.range(0.75, 1.1))}" r="${f(size * rng.range(0.22, 0.34))}" fill="${color}"/>`);
  }
  c.add(...parts);
}

function woodTable(c, light = "#a8703f", dark = "#6b4124") {
  background(c, [[0, light], [1, dark]], false);
  const { rng } = c;
  let d = "";
  for (let y = 10; y < c.h; y += rng.range(8, 18)) {
    d += `M0,${f(y)} `;
    for (let x = 0; x <= c.w; x += 80) d += `Q${f(x + 40)},${f(y + rng.range(-4, 4))} ${f(x + 80)},${f(y + rng.range(-2, 2))} `;
  }
  c.add(`<path d="${d}" stroke="#3b220f" stroke-width="1.2" fill="none" opacity="0.22"/>`);
  for (let y = 0; y < c.h; y += c.h / 4) c.add(`<rect x="0" y="${f(y)}" width="${c.w}" height="2" fill="#2c180a" opacity="0.35"/>`);
}

function shadow(c, cx, cy, rx, ry, opacity = 0.35) {
  c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="#000" opacity="${opacity}" filter="${blurFilter(c, Math.max(4, rx * 0.06))}"/>`);
}

function plate(c, cx, cy, r, color = "#f6f1ea") {
  shadow(c, cx + r * 0.06, cy + r * 0.08, r * 1.02, r * 1.02);
  c.add(
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${color}"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.78)}" fill="none" stroke="#000" stroke-opacity="0.07" stroke-width="${f(r * 0.03)}"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.98)}" fill="${radial(c, cx - r * 0.4, cy - r * 0.45, r, [[0, "#fff", 0.35], [1, "#fff", 0]])}"/>`,
  );
}

function prawn(c, cx, cy, size, rotation) {
  c.add(
    `<g transform="translate(${f(cx)},${f(cy)}) rotate(${f(rotation)})">` +
      `<path d="M${f(-size)},0 A${f(size)},${f(size)} 0 0 1 ${f(size)},0" stroke="${CORAL}" stroke-width="${f(size * 0.55)}" fill="none" stroke-linecap="round"/>` +
      `<path d="M${f(-size * 0.7)},${f(-size * 0.55)} L${f(-size * 0.55)},${f(-size * 0.25)} M${f(-size * 0.2)},${f(-size * 0.9)} L${f(-size * 0.15)},${f(-size * 0.6)} M${f(size * 0.3)},${f(-size * 0.85)} L${f(size * 0.25)},${f(-size * 0.58)}" stroke="#c9391d" stroke-width="${f(size * 0.08)}"/>` +
      `<path d="M${f(size * 1.05)},${f(size * 0.1)} l${f(size * 0.9)},${f(size * 0.6)} M${f(size * 1.05)},${f(size * 0.1)} l${f(size * 1)},${f(size * 0.2)}" stroke="#e0542f" stroke-width="1.5"/>` +
      `</g>`,
  );
}

function lemon(c, cx, cy, r, rotation) {
  c.add(
    `<g transform="translate(${f(cx)},${f(cy)}) rotate(${f(rotation)})">` +
      `<path d="M${f(-r)},0 A${f(r)},${f(r)} 0 0 0 ${f(r)},0 Z" fill="#f5d03b"/>` +
      `<path d="M${f(-r * 0.85)},${f(r * 0.05)} A${f(r * 0.85)},${f(r * 0.85)} 0 0 0 ${f(r * 0.85)},${f(r * 0.05)} Z" fill="#fbeaa0"/>` +
      `<path d="M0,${f(r * 0.05)} L${f(-r * 0.6)},${f(r * 0.55)} M0,${f(r * 0.05)} L0,${f(r * 0.8)} M0,${f(r * 0.05)} L${f(r * 0.6)},${f(r * 0.55)}" stroke="#f5d03b" stroke-width="2"/>` +
      `</g>`,
  );
}

function glass(c, x, baseY, width, height, liquid, options = {}) {
  const { stem = false, garnish = null, straw = null } = options;
  const parts = [];
  shadow(c, x, baseY + 4, width * 0.6, 8, 0.4);
  if (stem) {
    const bowlY = baseY - height;
    parts.push(`<path d="M${f(x - width / 2)},${f(bowlY)} L${f(x + width / 2)},${f(bowlY)} L${f(x + 4)},${f(bowlY + height * 0.45)} L${f(x - 4)},${f(bowlY + height * 0.45)} Z" fill="#ffffff" opacity="0.18"/>`);
    parts.push(`<path d="M${f(x - width * 0.42)},${f(bowlY + height * 0.06)} L${f(x + width * 0.42)},${f(bowlY + height * 0.06)} L${f(x + 4)},${f(bowlY + height * 0.43)} L${f(x - 4)},${f(bowlY + height * 0.43)} Z" fill="${liquid}" opacity="0.88"/>`);
    parts.push(`<rect x="${f(x - 2)}" y="${f(bowlY + height * 0.45)}" width="4" height="${f(height * 0.52)}" fill="#fff" opacity="0.45"/>`);
    parts.push(`<ellipse cx="${f(x)}" cy="${f(baseY)}" rx="${f(width * 0.3)}" ry="5" fill="#fff" opacity="0.45"/>`);
  } else {
    parts.push(`<rect x="${f(x - width / 2)}" y="${f(baseY - height)}" width="${f(width)}" height="${f(height)}" rx="6" fill="#ffffff" opacity="0.16"/>`);
    parts.push(`<rect x="${f(x - width / 2 + 4)}" y="${f(baseY - height * 0.78)}" width="${f(width - 8)}" height="${f(height * 0.78 - 4)}" rx="4" fill="${liquid}" opacity="0.9"/>`);
    parts.push(`<rect x="${f(x - width / 2 + 8)}" y="${f(baseY - height + 6)}" width="5" height="${f(height - 14)}" rx="2" fill="#fff" opacity="0.35"/>`);
    for (let i = 0; i < 2; i++) {
      parts.push(`<rect x="${f(x - width * 0.28 + i * width * 0.22)}" y="${f(baseY - height * 0.72 + i * 10)}" width="${f(width * 0.26)}" height="${f(width * 0.26)}" rx="3" fill="#fff" opacity="0.3" transform="rotate(${i * 12 - 6} ${f(x)} ${f(baseY - height * 0.6)})"/>`);
    }
  }
  if (straw) parts.push(`<path d="M${f(x + width * 0.1)},${f(baseY - height * 0.5)} L${f(x + width * 0.45)},${f(baseY - height * 1.35)}" stroke="${straw}" stroke-width="6" stroke-linecap="round"/>`);
  if (garnish) {
    const gx = x + width / 2 - 4;
    const gy = baseY - height + (stem ? 0 : 6);
    parts.push(`<circle cx="${f(gx)}" cy="${f(gy)}" r="${f(width * 0.2)}" fill="${garnish}"/>`, `<circle cx="${f(gx)}" cy="${f(gy)}" r="${f(width * 0.15)}" fill="#fff" opacity="0.4"/>`);
  }
  c.add(...parts);
}

function stringLights(c, x1, y1, x2, y2, sag, count, color = WARM) {
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2 + sag;
  c.add(`<path d="M${f(x1)},${f(y1)} Q${f(mx)},${f(my)} ${f(x2)},${f(y2)}" stroke="#1a1620" stroke-width="2" fill="none"/>`);
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * mx + t * t * x2;
    const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * my + t * t * y2 + 6;
    glow(c, x, y, 22, color, 0.45);
    c.add(`<circle cx="${f(x)}" cy="${f(y)}" r="4" fill="#fff4d6"/>`);
  }
}

// ---------------------------------------------------------------------------------------------
// Scenes

const scenes = {
  stage(c, p) {
    const { w, h, rng } = c;
    background(c, [[0, p.sky[0]], [0.7, p.sky[1]], [1, NIGHT]]);
    glow(c, w * 0.5, h * 0.45, w * 0.55, p.haze, 0.35);
    glow(c, w * rng.range(0.15, 0.35), h * 0.2, w * 0.3, p.beams[0], 0.18);
    if (p.screen) {
      const sw = w * 0.46;
      const sh = h * 0.3;
      c.add(`<rect x="${f(w / 2 - sw / 2)}" y="${f(h * 0.22)}" width="${f(sw)}" height="${f(sh)}" fill="${linear(c, [[0, p.beams[0], 0.55], [1, p.beams[1] ?? PURPLE, 0.25]], 0, 0, 1, 1)}"/>`);
      for (let i = 0; i < 14; i++) c.add(`<rect x="${f(w / 2 - sw / 2)}" y="${f(h * 0.22 + (i * sh) / 14)}" width="${f(sw)}" height="1.5" fill="#000" opacity="0.25"/>`);
    }
    truss(c, h * 0.07);
    const sources = rng.int(6, 9);
    for (let i = 0; i < sources; i++) {
      const sx = (w / (sources + 1)) * (i + 1) + rng.range(-20, 20);
      const color = p.beams[i % p.beams.length];
      for (let k = 0; k < (rng() < 0.5 ? 1 : 2); k++) {
        beam(c, sx, h * 0.09, rng.range(-0.2, 1.2) * w, h * rng.range(0.8, 1.1), w * rng.range(0.03, 0.07), color, rng.range(0.35, 0.6));
      }
    }
    c.add(`<rect x="0" y="${f(h * 0.62)}" width="${w}" height="${f(h * 0.1)}" fill="#0b0a10"/>`, `<rect x="0" y="${f(h * 0.62)}" width="${w}" height="3" fill="${p.beams[0]}" opacity="0.7"/>`);
    glow(c, w / 2, h * 0.62, w * 0.25, WARM, 0.25);
    if (p.performer) performer(c, w * 0.5 + rng.range(-60, 60), h * 0.62, h * 0.2);
    if (p.band) {
      performer(c, w * 0.32, h * 0.62, h * 0.17);
      performer(c, w * 0.68, h * 0.62, h * 0.17);
    }
    c.add(`<rect x="0" y="${f(h * 0.6)}" width="${w}" height="${f(h * 0.1)}" fill="#fff" opacity="0.05" filter="${blurFilter(c, 20)}"/>`);
    crowd(c, h * 0.78, 3, "#050408", { hands: p.hands ?? 0.2, phones: p.phones ?? 0.06, scale: w / 1600 + 0.3 });
    vignette(c, 0.6);
  },

  orchestra(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#1b0f17"], [0.6, "#3b1d14"], [1, "#120b0c"]]);
    glow(c, w / 2, h * 0.55, w * 0.5, AMBER, 0.35);
    glow(c, w * 0.2, h * 0.15, w * 0.25, CORAL, 0.2);
    glow(c, w * 0.8, h * 0.15, w * 0.25, PURPLE, 0.3);
    for (let line = 0; line < 5; line++) {
      let d = "";
      for (let x = -20; x <= w + 20; x += 20) {
        const y = h * 0.3 + line * 14 + Math.sin(x / 180 + 0.8) * 60 + Math.sin(x / 60) * 6;
        d += `${x === -20 ? "M" : "L"}${x},${f(y)} `;
      }
      c.add(`<path d="${d}" stroke="${WARM}" stroke-width="2" fill="none" opacity="0.45"/>`);
    }
    for (let i = 0; i < 16; i++) {
      const x = rng.range(0.05, 0.95) * w;
      const y = h * 0.3 + rng.int(0, 4) * 14 + Math.sin(x / 180 + 0.8) * 60 + Math.sin(x / 60) * 6;
      c.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="10" ry="7" fill="${WARM}" opacity="0.85" transform="rotate(-25 ${f(x)} ${f(y)})"/>`, `<rect x="${f(x + 7)}" y="${f(y - 46)}" width="3" height="46" fill="${WARM}" opacity="0.85"/>`);
    }
    c.add(`<rect x="0" y="${f(h * 0.68)}" width="${w}" height="${f(h * 0.32)}" fill="#0d0809"/>`);
    for (let row = 0; row < 3; row++) {
      for (let i = 0; i < 12 + row * 3; i++) {
        const x = ((i + 0.5) / (12 + row * 3)) * w + rng.range(-10, 10);
        const y = h * (0.7 + row * 0.09);
        const s = 1 + row * 0.25;
        c.add(`<g fill="#060405"><rect x="${f(x - 2 * s)}" y="${f(y - 40 * s)}" width="${f(4 * s)}" height="${f(40 * s)}"/><rect x="${f(x - 22 * s)}" y="${f(y - 58 * s)}" width="${f(44 * s)}" height="${f(26 * s)}" transform="rotate(-12 ${f(x)} ${f(y - 45 * s)})"/></g>`);
        glow(c, x, y - 50 * s, 30 * s, WARM, 0.18);
      }
    }
    vignette(c, 0.55);
  },

  court(c, p) {
    const { w, h, rng } = c;
    background(c, [[0, "#0f0d16"], [0.5, "#221a32"], [1, "#120f19"]]);
    for (let i = 0; i < 5; i++) glow(c, (w / 5) * (i + 0.5), h * 0.04, w * 0.16, "#fff4e0", 0.22);
    // stands
    for (let row = 0; row < 12; row++) {
      const y = h * 0.1 + row * h * 0.028;
      for (let x = rng.range(0, 10); x < w; x += rng.range(9, 15)) {
        if (rng() < 0.8) c.add(`<rect x="${f(x)}" y="${f(y)}" width="7" height="${f(h * 0.018)}" rx="2" fill="${rng.pick([p.fans, p.fans, "#2b2440", "#3b3052", WARM])}" opacity="${f(rng.range(0.35, 0.8))}"/>`);
      }
    }
    // floor
    const top = h * 0.5;
    c.add(`<polygon points="${f(-w * 0.1)},${f(top)} ${f(w * 1.1)},${f(top)} ${f(w * 1.6)},${h} ${f(-w * 0.6)},${h}" fill="${linear(c, [[0, "#b8733f"], [1, "#e0a466"]])}"/>`);
    let planks = "";
    for (let i = -30; i <= 30; i++) planks += `M${f(w / 2 + i * w * 0.035)},${f(top)} L${f(w / 2 + i * w * 0.09)},${h} `;
    c.add(`<path d="${planks}" stroke="#6e3f1d" stroke-width="1" opacity="0.25"/>`);
    glow(c, w / 2, h * 0.72, w * 0.45, "#fff1d6", 0.25);
    // court lines and paint
    const farY = h * 0.55;
    const line = `stroke="#fff" stroke-width="3" stroke-opacity="0.9"`;
    c.add(`<polygon points="${f(w * 0.04)},${f(farY)} ${f(w * 0.96)},${f(farY)} ${f(w * 1.3)},${h} ${f(-w * 0.3)},${h}" fill="none" ${line}/>`);
    c.add(`<path d="M${f(w / 2)},${f(farY)} L${f(w / 2)},${h}" fill="none" ${line}/>`);
    c.add(`<ellipse cx="${f(w / 2)}" cy="${f(h * 0.71)}" rx="${f(w * 0.09)}" ry="${f(h * 0.06)}" fill="${p.paint}" fill-opacity="0.75" ${line}/>`);
    c.add(`<polygon points="${f(w * 0.04)},${f(h * 0.6)} ${f(w * 0.2)},${f(h * 0.6)} ${f(w * 0.1)},${f(h * 0.86)} ${f(-w * 0.14)},${f(h * 0.86)}" fill="${p.paint}" fill-opacity="0.75" ${line}/>`);
    c.add(`<polygon points="${f(w * 0.96)},${f(h * 0.6)} ${f(w * 0.8)},${f(h * 0.6)} ${f(w * 0.9)},${f(h * 0.86)} ${f(w * 1.14)},${f(h * 0.86)}" fill="${p.paint}" fill-opacity="0.75" ${line}/>`);
    // hoops
    for (const side of [-1, 1]) {
      const x = w / 2 + side * w * 0.4;
      c.add(`<rect x="${f(x - 3)}" y="${f(h * 0.28)}" width="6" height="${f(h * 0.3)}" fill="#1c1a22"/>`);
      c.add(`<rect x="${f(x - 50)}" y="${f(h * 0.27)}" width="100" height="62" fill="#fff" opacity="0.25" stroke="#fff" stroke-width="3"/>`);
      c.add(`<rect x="${f(x - 18)}" y="${f(h * 0.27 + 24)}" width="36" height="26" fill="none" stroke="#fff" stroke-width="2.5"/>`);
      c.add(`<ellipse cx="${f(x - side * 26)}" cy="${f(h * 0.27 + 58)}" rx="22" ry="6" fill="none" stroke="${CORAL}" stroke-width="4"/>`);
      c.add(`<path d="M${f(x - side * 26 - 20)},${f(h * 0.27 + 60)} L${f(x - side * 26 - 10)},${f(h * 0.27 + 88)} L${f(x - side * 26 + 10)},${f(h * 0.27 + 88)} L${f(x - side * 26 + 20)},${f(h * 0.27 + 60)}" stroke="#fff" stroke-width="1.5" fill="none" opacity="0.8"/>`);
    }
    // ball in flight
    const bx = w * rng.range(0.58, 0.72);
    const by = h * 0.3;
    for (let i = 1; i <= 4; i++) c.add(`<circle cx="${f(bx - i * 34)}" cy="${f(by + i * i * 5)}" r="${f(22 - i * 3)}" fill="${AMBER}" opacity="${f(0.25 - i * 0.05)}"/>`);
    c.add(
      `<circle cx="${f(bx)}" cy="${f(by)}" r="24" fill="${radial(c, bx - 8, by - 8, 30, [[0, "#ffb060"], [1, "#d2601e"]])}"/>`,
      `<path d="M${f(bx - 24)},${f(by)} L${f(bx + 24)},${f(by)} M${f(bx)},${f(by - 24)} L${f(bx)},${f(by + 24)} M${f(bx - 17)},${f(by - 17)} Q${f(bx)},${f(by)} ${f(bx - 17)},${f(by + 17)} M${f(bx + 17)},${f(by - 17)} Q${f(bx)},${f(by)} ${f(bx + 17)},${f(by + 17)}" stroke="#3a1a08" stroke-width="2" fill="none"/>`,
    );
    vignette(c, 0.5);
  },

  tennis(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#0b1630"], [0.45, "#15294f"], [1, "#0f2142"]]);
    for (let row = 0; row < 9; row++) {
      const y = h * 0.05 + row * h * 0.03;
      for (let x = rng.range(0, 12); x < w; x += rng.range(10, 16)) if (rng() < 0.7) c.add(`<rect x="${f(x)}" y="${f(y)}" width="8" height="${f(h * 0.02)}" rx="2" fill="${rng.pick(["#ffffff", CYAN, "#2d4b7c", WARM])}" opacity="${f(rng.range(0.15, 0.5))}"/>`);
    }
    const horizon = h * 0.38;
    c.add(`<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${linear(c, [[0, "#1f4e8a"], [1, "#2a6bb8"]])}"/>`);
    const vx = w / 2;
    const courtTop = h * 0.42;
    const half = (y) => w * 0.16 + (y - courtTop) * 0.95;
    c.add(`<polygon points="${f(vx - half(courtTop))},${f(courtTop)} ${f(vx + half(courtTop))},${f(courtTop)} ${f(vx + half(h))},${h} ${f(vx - half(h))},${h}" fill="#3178c9"/>`);
    const line = `stroke="#fff" stroke-width="3.5" fill="none"`;
    c.add(`<polygon points="${f(vx - half(courtTop))},${f(courtTop)} ${f(vx + half(courtTop))},${f(courtTop)} ${f(vx + half(h))},${h} ${f(vx - half(h))},${h}" ${line}/>`);
    const inner = (y) => half(y) * 0.8;
    c.add(`<path d="M${f(vx - inner(courtTop))},${f(courtTop)} L${f(vx - inner(h))},${h} M${f(vx + inner(courtTop))},${f(courtTop)} L${f(vx + inner(h))},${h}" ${line}/>`);
    const serviceY = h * 0.52;
    c.add(`<path d="M${f(vx - inner(serviceY))},${f(serviceY)} L${f(vx + inner(serviceY))},${f(serviceY)} M${f(vx)},${f(serviceY)} L${f(vx)},${f(h * 0.86)} M${f(vx - inner(h * 0.86))},${f(h * 0.86)} L${f(vx + inner(h * 0.86))},${f(h * 0.86)}" ${line}/>`);
    const netY = h * 0.66;
    c.add(`<rect x="${f(vx - half(netY) - 30)}" y="${f(netY - 40)}" width="${f(half(netY) * 2 + 60)}" height="40" fill="#0b0f18" opacity="0.75"/>`);
    let mesh = "";
    for (let x = vx - half(netY) - 30; x < vx + half(netY) + 30; x += 10) mesh += `M${f(x)},${f(netY - 40)} L${f(x)},${f(netY)} `;
    c.add(`<path d="${mesh}" stroke="#fff" stroke-width="0.6" opacity="0.25"/>`, `<rect x="${f(vx - half(netY) - 30)}" y="${f(netY - 44)}" width="${f(half(netY) * 2 + 60)}" height="6" fill="#fff"/>`);
    glow(c, vx, h * 0.7, w * 0.4, "#ffffff", 0.12);
    const bx = w * 0.68;
    const by = h * 0.36;
    for (let i = 1; i <= 6; i++) c.add(`<circle cx="${f(bx - i * 26)}" cy="${f(by + i * 14)}" r="${f(16 - i * 1.6)}" fill="#d9f25a" opacity="${f(0.3 - i * 0.04)}"/>`);
    glow(c, bx, by, 60, "#e8ff6a", 0.35);
    c.add(`<circle cx="${f(bx)}" cy="${f(by)}" r="17" fill="#d9f25a"/>`, `<path d="M${f(bx - 15)},${f(by - 6)} Q${f(bx)},${f(by + 4)} ${f(bx + 15)},${f(by - 6)}" stroke="#fff" stroke-width="2" fill="none"/>`);
    vignette(c, 0.5);
  },

  circus(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#120d24"], [0.6, "#2d1550"], [1, "#3b1538"]]);
    stars(c, 120, h * 0.5);
    const apexX = w / 2;
    const apexY = h * 0.14;
    const roofY = h * 0.55;
    const left = w * 0.1;
    const right = w * 0.9;
    const stripes = 14;
    for (let i = 0; i < stripes; i++) {
      const x1 = left + ((right - left) * i) / stripes;
      const x2 = left + ((right - left) * (i + 1)) / stripes;
      const color = i % 2 ? "#f7ead8" : CORAL;
      c.add(`<polygon points="${f(apexX)},${f(apexY)} ${f(x1)},${f(roofY)} ${f(x2)},${f(roofY)}" fill="${color}"/>`);
      c.add(`<rect x="${f(x1 + (x2 - x1) * 0.05)}" y="${f(roofY)}" width="${f(x2 - x1)}" height="${f(h * 0.3)}" fill="${color}" opacity="0.9"/>`);
    }
    let scallop = `M${f(left)},${f(roofY)} `;
    for (let i = 0; i < stripes; i++) {
      const x = left + ((right - left) * (i + 1)) / stripes;
      scallop += `Q${f(x - (right - left) / stripes / 2)},${f(roofY + 34)} ${f(x)},${f(roofY)} `;
    }
    c.add(`<path d="${scallop}" fill="#b8321b"/>`);
    c.add(`<rect x="0" y="${f(roofY)}" width="${w}" height="${f(h * 0.3)}" fill="#000" opacity="0.15"/>`);
    c.add(`<path d="M${f(apexX - 70)},${f(h * 0.85)} L${f(apexX - 70)},${f(h * 0.66)} Q${f(apexX)},${f(h * 0.58)} ${f(apexX + 70)},${f(h * 0.66)} L${f(apexX + 70)},${f(h * 0.85)} Z" fill="#2a1206"/>`);
    glow(c, apexX, h * 0.78, 120, AMBER, 0.6);
    c.add(`<path d="M${f(apexX)},${f(apexY)} L${f(apexX)},${f(apexY - 60)}" stroke="#ddd" stroke-width="3"/>`, `<path d="M${f(apexX)},${f(apexY - 60)} L${f(apexX + 44)},${f(apexY - 48)} L${f(apexX)},${f(apexY - 36)} Z" fill="${AMBER}"/>`);
    for (const end of [left, right]) stringLights(c, apexX, apexY + 4, end - (end < apexX ? 60 : -60), h * 0.62, 40, 12);
    c.add(`<rect x="0" y="${f(h * 0.85)}" width="${w}" height="${f(h * 0.15)}" fill="#0e0a12"/>`);
    crowd(c, h * 0.9, 1, "#06050a", { hands: 0.08, phones: 0, scale: 0.8 });
    vignette(c, 0.5);
  },

  ice(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#0a1530"], [0.55, "#173c6e"], [1, "#0d223f"]]);
    glow(c, w * 0.5, h * 0.2, w * 0.4, CYAN, 0.3);
    for (let i = 0; i < 5; i++) beam(c, w * (0.15 + i * 0.175), 0, w * rng.range(0.3, 0.7), h * 0.75, w * 0.05, i % 2 ? "#bfefff" : "#a58cff", 0.3);
    c.add(`<ellipse cx="${f(w / 2)}" cy="${f(h * 0.8)}" rx="${f(w * 0.7)}" ry="${f(h * 0.32)}" fill="${linear(c, [[0, "#d9f4ff"], [1, "#79bedf"]])}"/>`);
    for (let i = 0; i < 7; i++) {
      const y = h * rng.range(0.62, 0.95);
      const x = w * rng.range(0.1, 0.6);
      c.add(`<path d="M${f(x)},${f(y)} C${f(x + 160)},${f(y - 60)} ${f(x + 320)},${f(y + 50)} ${f(x + rng.range(400, 600))},${f(y - 20)}" stroke="#fff" stroke-width="${f(rng.range(1.5, 3.5))}" fill="none" opacity="0.7"/>`);
    }
    glow(c, w * 0.55, h * 0.74, w * 0.18, "#ffffff", 0.5);
    const sx = w * 0.55;
    const sy = h * 0.74;
    c.add(`<g fill="#10203d"><circle cx="${f(sx)}" cy="${f(sy - 150)}" r="13"/><path d="M${f(sx - 12)},${f(sy - 135)} L${f(sx + 12)},${f(sy - 135)} L${f(sx + 30)},${f(sy - 60)} L${f(sx - 26)},${f(sy - 60)} Z"/><path d="M${f(sx - 6)},${f(sy - 62)} L${f(sx - 4)},${f(sy)} L${f(sx + 4)},${f(sy)} L${f(sx + 8)},${f(sy - 62)} Z"/><path d="M${f(sx + 10)},${f(sy - 70)} L${f(sx + 120)},${f(sy - 110)} L${f(sx + 122)},${f(sy - 100)} L${f(sx + 14)},${f(sy - 56)} Z"/><path d="M${f(sx - 8)},${f(sy - 128)} L${f(sx - 90)},${f(sy - 180)} L${f(sx - 86)},${f(sy - 186)} L${f(sx - 2)},${f(sy - 138)} Z"/><path d="M${f(sx + 8)},${f(sy - 128)} L${f(sx + 80)},${f(sy - 160)} L${f(sx + 84)},${f(sy - 154)} L${f(sx + 10)},${f(sy - 118)} Z"/></g>`);
    for (let i = 0; i < 40; i++) {
      const x = rng() * w;
      const y = rng() * h * 0.6;
      const r = rng.range(3, 8);
      c.add(`<path d="M${f(x - r)},${f(y)} L${f(x + r)},${f(y)} M${f(x)},${f(y - r)} L${f(x)},${f(y + r)} M${f(x - r * 0.7)},${f(y - r * 0.7)} L${f(x + r * 0.7)},${f(y + r * 0.7)} M${f(x - r * 0.7)},${f(y + r * 0.7)} L${f(x + r * 0.7)},${f(y - r * 0.7)}" stroke="#fff" stroke-width="1.2" opacity="${f(rng.range(0.3, 0.8))}"/>`);
    }
    vignette(c, 0.45);
  },

  comedy(c, p) {
    const { w, h, rng } = c;
    c.add(`<rect width="${w}" height="${h}" fill="#2a1210"/>`);
    const bw = 90;
    const bh = 34;
    for (let row = 0; row * bh < h; row++) {
      for (let x = row % 2 ? -bw / 2 : 0; x < w; x += bw) {
        c.add(`<rect x="${f(x + 2)}" y="${f(row * bh + 2)}" width="${bw - 4}" height="${bh - 4}" rx="2" fill="${rng.pick(["#5c2a22", "#4e231d", "#6a3026", "#552720"])}"/>`);
      }
    }
    c.add(`<rect width="${w}" height="${h}" fill="${radial(c, w * p.spot, h * 0.45, w * 0.42, [[0, "#ffe2b0", 0.55], [0.5, "#ffb36b", 0.15], [1, "#000", 0.75]])}"/>`);
    c.add(`<rect x="0" y="${f(h * 0.86)}" width="${w}" height="${f(h * 0.14)}" fill="#120908"/>`);
    c.add(`<ellipse cx="${f(w * p.spot)}" cy="${f(h * 0.88)}" rx="${f(w * 0.2)}" ry="${f(h * 0.04)}" fill="#ffdca0" opacity="0.25"/>`);
    const mx = w * p.spot;
    const base = h * 0.88;
    c.add(
      `<g fill="#0b0707" stroke="#0b0707">` +
        `<ellipse cx="${f(mx)}" cy="${f(base)}" rx="46" ry="10" stroke="none"/>` +
        `<path d="M${f(mx)},${f(base)} L${f(mx)},${f(h * 0.42)}" stroke-width="7"/>` +
        `<path d="M${f(mx)},${f(h * 0.42)} L${f(mx + 50)},${f(h * 0.36)}" stroke-width="6"/>` +
        `<rect x="${f(mx + 44)}" y="${f(h * 0.31)}" width="22" height="58" rx="11" transform="rotate(-55 ${f(mx + 55)} ${f(h * 0.34)})" stroke="none"/>` +
        `<path d="M${f(mx + 58)},${f(h * 0.38)} C${f(mx + 140)},${f(h * 0.5)} ${f(mx - 60)},${f(h * 0.7)} ${f(mx + 90)},${f(base)}" stroke-width="3" fill="none"/>` +
        `<ellipse cx="${f(mx - 150)}" cy="${f(h * 0.64)}" rx="48" ry="12" stroke="none"/>` +
        `<path d="M${f(mx - 185)},${f(base)} L${f(mx - 160)},${f(h * 0.65)} M${f(mx - 115)},${f(base)} L${f(mx - 140)},${f(h * 0.65)} M${f(mx - 150)},${f(base)} L${f(mx - 150)},${f(h * 0.65)} M${f(mx - 175)},${f(h * 0.78)} L${f(mx - 125)},${f(h * 0.78)}" stroke-width="6" fill="none"/>` +
        `</g>`,
    );
    vignette(c, 0.5);
  },

  festival(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#1d1040"], [0.35, PURPLE], [0.62, MAGENTA], [0.8, CORAL], [1, "#ff9a4a"]]);
    const sunX = w * 0.5;
    const sunY = h * 0.6;
    glow(c, sunX, sunY, w * 0.35, AMBER, 0.5);
    c.add(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(h * 0.2)}" fill="${linear(c, [[0, "#ffe08a"], [1, "#ff7a3d"]])}"/>`);
    for (let i = 0; i < 6; i++) c.add(`<rect x="${f(sunX - h * 0.22)}" y="${f(sunY + i * 14 + 4)}" width="${f(h * 0.44)}" height="${f(3 + i * 1.5)}" fill="#f0653e"/>`);
    firework(c, w * 0.18, h * 0.2, 110, WARM);
    firework(c, w * 0.82, h * 0.16, 90, "#ff8fb1");
    firework(c, w * 0.66, h * 0.3, 60, CYAN);
    palm(c, w * 0.1, h * 0.86, h * 0.55, "#150a1c");
    palm(c, w * 0.9, h * 0.88, h * 0.6, "#150a1c");
    palm(c, w * 0.8, h * 0.86, h * 0.42, "#1c0d22");
    c.add(
      `<rect x="${f(w * 0.27)}" y="${f(h * 0.66)}" width="${f(w * 0.46)}" height="${f(h * 0.16)}" fill="#120818"/>`,
      `<path d="M${f(w * 0.29)},${f(h * 0.66)} L${f(w * 0.29)},${f(h * 0.47)} L${f(w * 0.71)},${f(h * 0.47)} L${f(w * 0.71)},${f(h * 0.66)} L${f(w * 0.69)},${f(h * 0.66)} L${f(w * 0.69)},${f(h * 0.5)} L${f(w * 0.31)},${f(h * 0.5)} L${f(w * 0.31)},${f(h * 0.66)} Z" fill="#120818"/>`,
      `<rect x="${f(w * 0.24)}" y="${f(h * 0.5)}" width="${f(w * 0.04)}" height="${f(h * 0.16)}" fill="#120818"/>`,
      `<rect x="${f(w * 0.72)}" y="${f(h * 0.5)}" width="${f(w * 0.04)}" height="${f(h * 0.16)}" fill="#120818"/>`,
    );
    for (let i = 0; i < 4; i++) beam(c, w * (0.34 + i * 0.1), h * 0.5, w * rng.range(0, 1), 0, w * 0.04, i % 2 ? CYAN : WARM, 0.28);
    crowd(c, h * 0.8, 3, "#0a0510", { hands: 0.3, phones: 0.05, scale: w / 1600 + 0.3 });
    vignette(c, 0.4);
  },

  jazz(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#1a0f0a"], [0.6, "#3a2010"], [1, "#140b08"]]);
    bokeh(c, 40, [AMBER, WARM, CORAL], 0, h * 0.6, 10, 60, 0.3);
    for (let i = 0; i < 6; i++) {
      const y = h * rng.range(0.15, 0.55);
      c.add(`<path d="M-50,${f(y)} C${f(w * 0.3)},${f(y - 120)} ${f(w * 0.6)},${f(y + 120)} ${f(w + 50)},${f(y - 40)}" stroke="#fff" stroke-width="${f(rng.range(20, 60))}" fill="none" opacity="0.04" filter="${blurFilter(c, 14)}"/>`);
    }
    glow(c, w * 0.3, h * 0.5, w * 0.3, AMBER, 0.45);
    const ky = h * 0.72;
    const kw = w / 36;
    c.add(`<rect x="0" y="${f(ky - 20)}" width="${w}" height="${f(h - ky + 20)}" fill="#0a0605"/>`);
    for (let i = 0; i < 36; i++) c.add(`<rect x="${f(i * kw + 1)}" y="${f(ky)}" width="${f(kw - 2)}" height="${f(h * 0.26)}" rx="3" fill="#f3ead8"/>`);
    for (let i = 0; i < 36; i++) if ([0, 1, 3, 4, 5].includes(i % 7)) c.add(`<rect x="${f((i + 1) * kw - kw * 0.3)}" y="${f(ky)}" width="${f(kw * 0.6)}" height="${f(h * 0.16)}" rx="2" fill="#0a0605"/>`);
    c.add(`<rect x="0" y="${f(ky)}" width="${w}" height="${f(h * 0.28)}" fill="${linear(c, [[0, "#000", 0.1], [1, "#000", 0.6]])}"/>`);
    vignette(c, 0.55);
  },

  dance(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#0d0a1a"], [1, "#24103d"]]);
    glow(c, w * 0.5, h * 0.85, w * 0.4, PURPLE, 0.5);
    const colors = [[CORAL, MAGENTA], [PURPLE, CYAN], [AMBER, CORAL], [MAGENTA, PURPLE], ["#ffffff", CYAN]];
    for (let i = 0; i < 7; i++) {
      const [a, b] = colors[i % colors.length];
      const y = h * rng.range(0.2, 0.8);
      const stroke = linear(c, [[0, a, 0], [0.3, a, 0.9], [0.7, b, 0.9], [1, b, 0]], 0, 0, 1, 0);
      c.add(`<path d="M${f(-w * 0.1)},${f(y)} C${f(w * rng.range(0.1, 0.4))},${f(y - h * rng.range(0.2, 0.5))} ${f(w * rng.range(0.5, 0.8))},${f(y + h * rng.range(0.2, 0.5))} ${f(w * 1.1)},${f(h * rng.range(0.2, 0.8))}" stroke="${stroke}" stroke-width="${f(rng.range(12, 50))}" fill="none" stroke-linecap="round" opacity="0.75"/>`);
    }
    const dx = w * 0.5;
    const dy = h * 0.78;
    c.add(`<g fill="#07050d"><circle cx="${f(dx + 20)}" cy="${f(dy - 230)}" r="16"/><path d="M${f(dx + 8)},${f(dy - 212)} L${f(dx + 34)},${f(dy - 210)} L${f(dx + 20)},${f(dy - 120)} L${f(dx - 4)},${f(dy - 124)} Z"/><path d="M${f(dx + 2)},${f(dy - 126)} L${f(dx - 80)},${f(dy - 70)} L${f(dx - 74)},${f(dy - 60)} L${f(dx + 14)},${f(dy - 110)} Z"/><path d="M${f(dx + 10)},${f(dy - 118)} L${f(dx + 16)},${f(dy)} L${f(dx + 28)},${f(dy)} L${f(dx + 24)},${f(dy - 118)} Z"/><path d="M${f(dx + 26)},${f(dy - 205)} L${f(dx + 120)},${f(dy - 280)} L${f(dx + 126)},${f(dy - 272)} L${f(dx + 30)},${f(dy - 190)} Z"/><path d="M${f(dx + 10)},${f(dy - 205)} L${f(dx - 70)},${f(dy - 250)} L${f(dx - 74)},${f(dy - 242)} L${f(dx + 8)},${f(dy - 190)} Z"/></g>`);
    c.add(`<ellipse cx="${f(dx)}" cy="${f(dy + 6)}" rx="${f(w * 0.22)}" ry="${f(h * 0.04)}" fill="#fff" opacity="0.12"/>`);
    bokeh(c, 60, ["#fff", WARM, CYAN], 0, h, 1, 4, 0.8);
    vignette(c, 0.5);
  },

  dino(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#0c2630"], [0.6, "#1e4d3f"], [1, "#0c1d18"]]);
    glow(c, w * 0.72, h * 0.25, w * 0.2, WARM, 0.55);
    c.add(`<circle cx="${f(w * 0.72)}" cy="${f(h * 0.25)}" r="${f(h * 0.09)}" fill="#ffe9b8"/>`);
    for (let i = 0; i < 3; i++) beam(c, w * (0.1 + i * 0.4), 0, w * rng.range(0.3, 0.7), h * 0.8, w * 0.05, i === 1 ? CORAL : "#9dffcf", 0.22);
    const bx = w * 0.42;
    const by = h * 0.62;
    const s = h / 800;
    c.add(
      `<g fill="#0a1512" transform="translate(${f(bx)},${f(by)}) scale(${f(s)})">` +
        `<ellipse cx="0" cy="0" rx="190" ry="95"/>` +
        `<path d="M120,-40 C220,-120 250,-300 300,-360 C320,-385 370,-390 385,-365 C395,-348 370,-335 345,-338 C310,-300 300,-150 170,20 Z"/>` +
        `<path d="M-170,-10 C-300,0 -420,60 -560,40 C-430,90 -300,70 -160,50 Z"/>` +
        `<rect x="-130" y="40" width="46" height="150" rx="18"/><rect x="-60" y="50" width="46" height="140" rx="18"/><rect x="60" y="40" width="46" height="150" rx="18"/><rect x="120" y="30" width="46" height="160" rx="18"/>` +
        `</g>`,
      `<circle cx="${f(bx + 372 * s)}" cy="${f(by - 365 * s)}" r="${f(4 * s)}" fill="${WARM}"/>`,
    );
    for (let i = 0; i < 14; i++) {
      const x = rng() * w;
      const y = h * rng.range(0.78, 1);
      const size = rng.range(60, 160);
      let d = "";
      for (let k = 0; k < 7; k++) {
        const a = -Math.PI / 2 + (k - 3) * 0.35;
        d += `M${f(x)},${f(y)} Q${f(x + Math.cos(a) * size * 0.5 + 20)},${f(y + Math.sin(a) * size * 0.5)} ${f(x + Math.cos(a) * size)},${f(y + Math.sin(a) * size)} `;
      }
      c.add(`<path d="${d}" stroke="${rng.pick(["#0f2b22", "#143a2d", "#0b211a"])}" stroke-width="${f(rng.range(8, 16))}" stroke-linecap="round" fill="none"/>`);
    }
    crowd(c, h * 0.93, 1, "#040a08", { hands: 0.25, phones: 0, scale: 0.55 });
    vignette(c, 0.45);
  },

  newyear(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#07061a"], [0.7, "#1d1446"], [1, "#3a1a52"]]);
    stars(c, 160, h * 0.6);
    firework(c, w * 0.22, h * 0.22, 130, WARM);
    firework(c, w * 0.5, h * 0.14, 100, "#ff8fb1");
    firework(c, w * 0.78, h * 0.25, 140, CYAN);
    firework(c, w * 0.38, h * 0.38, 70, CORAL);
    firework(c, w * 0.64, h * 0.42, 60, "#c9a7ff");
    let x = 0;
    while (x < w) {
      const bw = rng.range(40, 110);
      const bh = h * rng.range(0.12, 0.32);
      c.add(`<rect x="${f(x)}" y="${f(h - bh)}" width="${f(bw)}" height="${f(bh)}" fill="#0b0914"/>`);
      for (let wy = h - bh + 12; wy < h - 10; wy += 16) for (let wx = x + 8; wx < x + bw - 8; wx += 14) if (rng() < 0.35) c.add(`<rect x="${f(wx)}" y="${f(wy)}" width="6" height="8" fill="${WARM}" opacity="${f(rng.range(0.4, 0.9))}"/>`);
      x += bw + rng.range(2, 10);
    }
    for (let i = 0; i < 90; i++) {
      const cx = rng() * w;
      const cy = rng() * h;
      c.add(`<rect x="${f(cx)}" y="${f(cy)}" width="${f(rng.range(4, 10))}" height="${f(rng.range(2, 5))}" fill="${rng.pick([CORAL, WARM, CYAN, "#ff8fb1", "#ffffff"])}" opacity="0.85" transform="rotate(${f(rng.range(0, 180))} ${f(cx)} ${f(cy)})"/>`);
    }
    vignette(c, 0.4);
  },

  // ---- food ----

  paella(c, p) {
    const { w, h, rng } = c;
    woodTable(c, "#9c6a3e", "#5e3a20");
    const cx = w * p.x;
    const cy = h * 0.5;
    const r = h * 0.4;
    c.add(`<rect x="${f(cx - r - 70)}" y="${f(cy - 16)}" width="80" height="32" rx="14" fill="#1f1f22"/>`, `<rect x="${f(cx + r - 10)}" y="${f(cy - 16)}" width="80" height="32" rx="14" fill="#1f1f22"/>`);
    shadow(c, cx + 12, cy + 16, r * 1.04, r * 1.04, 0.5);
    c.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#2a2a2e"/>`, `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.93)}" fill="${radial(c, cx, cy, r * 0.93, [[0, "#f6bf45"], [0.8, "#e09a2a"], [1, "#a85f1a"]])}"/>`);
    for (let i = 0; i < 700; i++) {
      const a = rng() * Math.PI * 2;
      const d = Math.sqrt(rng()) * r * 0.9;
      const gx = cx + Math.cos(a) * d;
      const gy = cy + Math.sin(a) * d;
      c.add(`<ellipse cx="${f(gx)}" cy="${f(gy)}" rx="4.5" ry="2.2" fill="${rng.pick(["#fbd77a", "#f2b648", "#fff0b8"])}" opacity="0.7" transform="rotate(${f(rng() * 180)} ${f(gx)} ${f(gy)})"/>`);
    }
    for (let i = 0; i < 14; i++) {
      const a = rng() * Math.PI * 2;
      const d = rng.range(0.1, 0.75) * r;
      c.add(`<rect x="${f(cx + Math.cos(a) * d)}" y="${f(cy + Math.sin(a) * d)}" width="${f(rng.range(30, 50))}" height="9" rx="4.5" fill="#4f8a2b" transform="rotate(${f(rng() * 180)} ${f(cx + Math.cos(a) * d)} ${f(cy + Math.sin(a) * d)})"/>`);
      if (p.peppers) c.add(`<rect x="${f(cx + Math.sin(a) * d)}" y="${f(cy + Math.cos(a) * d)}" width="${f(rng.range(40, 60))}" height="8" rx="4" fill="#c62f22" transform="rotate(${f(rng() * 180)} ${f(cx + Math.sin(a) * d)} ${f(cy + Math.cos(a) * d)})"/>`);
    }
    for (let i = 0; i < p.prawns; i++) {
      const a = (i / p.prawns) * Math.PI * 2 + 0.3;
      prawn(c, cx + Math.cos(a) * r * 0.55, cy + Math.sin(a) * r * 0.55, r * 0.13, (a * 180) / Math.PI + 90);
    }
    lemon(c, cx + r * 0.1, cy - r * 0.1, r * 0.14, 30);
    lemon(c, cx - r * 0.2, cy + r * 0.15, r * 0.14, 200);
    c.add(`<rect x="${f(cx + r + 90)}" y="${f(h * 0.12)}" width="${f(w * 0.18)}" height="${f(h * 0.5)}" rx="8" fill="#f3eee6" transform="rotate(8 ${f(cx + r + 90)} ${f(h * 0.12)})" opacity="0.92"/>`);
    vignette(c, 0.45);
  },

  grill(c, p) {
    const { w, h, rng } = c;
    background(c, [[0, "#1d1a1a"], [1, "#0d0b0b"]]);
    glow(c, w * 0.2, h * 0.1, w * 0.4, AMBER, 0.25);
    const bx = w * 0.5;
    const by = h * 0.52;
    shadow(c, bx + 14, by + 18, w * 0.36, h * 0.3, 0.6);
    c.add(`<rect x="${f(bx - w * 0.36)}" y="${f(by - h * 0.3)}" width="${f(w * 0.72)}" height="${f(h * 0.6)}" rx="18" fill="${linear(c, [[0, "#3b3a3d"], [1, "#262528"]], 0, 0, 1, 1)}" transform="rotate(${p.tilt} ${f(bx)} ${f(by)})"/>`);
    const sx = bx - w * 0.08;
    c.add(`<ellipse cx="${f(sx)}" cy="${f(by)}" rx="${f(w * 0.17)}" ry="${f(h * 0.17)}" fill="${radial(c, sx - 20, by - 20, w * 0.2, [[0, "#8a4a2a"], [0.7, "#5c2a14"], [1, "#3c1a0c"]])}" transform="rotate(-12 ${f(sx)} ${f(by)})"/>`);
    let marks = "";
    for (let i = -3; i <= 3; i++) marks += `M${f(sx - w * 0.12 + i * 30)},${f(by - h * 0.12)} L${f(sx - w * 0.02 + i * 30)},${f(by + h * 0.12)} `;
    c.add(`<path d="${marks}" stroke="#1e0c05" stroke-width="7" stroke-linecap="round" opacity="0.75"/>`);
    if (p.sliced) {
      for (let i = 0; i < 4; i++) c.add(`<ellipse cx="${f(sx + w * 0.12 + i * 28)}" cy="${f(by + h * 0.02 + i * 8)}" rx="16" ry="${f(h * 0.1)}" fill="#c2584f" stroke="#4c2414" stroke-width="6" transform="rotate(-20 ${f(sx + w * 0.12 + i * 28)} ${f(by)})"/>`);
    }
    for (let i = 0; i < 3; i++) {
      const px = bx + w * 0.2 + rng.range(-20, 20);
      const py = by - h * 0.18 + i * h * 0.12;
      c.add(`<path d="M${f(px - 50)},${f(py)} Q${f(px)},${f(py - 40)} ${f(px + 50)},${f(py)} Q${f(px)},${f(py + 24)} ${f(px - 50)},${f(py)} Z" fill="${i === 1 ? "#e0b43a" : "#c4281c"}" opacity="0.95"/>`);
    }
    for (let i = 0; i < 5; i++) c.add(`<circle cx="${f(bx - w * 0.28 + i * 22)}" cy="${f(by + h * 0.2 + rng.range(-10, 10))}" r="16" fill="${radial(c, bx - w * 0.28 + i * 22 - 5, by + h * 0.2 - 5, 20, [[0, "#f2cf7a"], [1, "#b58530"]])}"/>`);
    for (let i = 0; i < 80; i++) c.add(`<rect x="${f(bx + rng.range(-0.3, 0.3) * w)}" y="${f(by + rng.range(-0.25, 0.25) * h)}" width="3" height="3" fill="#fff" opacity="0.75" transform="rotate(${f(rng() * 90)} ${f(bx)} ${f(by)})"/>`);
    let herb = "";
    for (let i = 0; i < 8; i++) herb += `M${f(bx - w * 0.25 + i * 8)},${f(by - h * 0.22)} l${f(rng.range(-14, 14))},${f(-rng.range(10, 24))} `;
    c.add(`<path d="M${f(bx - w * 0.27)},${f(by - h * 0.2)} L${f(bx - w * 0.17)},${f(by - h * 0.24)} ${herb}" stroke="#4b7a2a" stroke-width="4" stroke-linecap="round" fill="none"/>`);
    vignette(c, 0.55);
  },

  tapas(c) {
    const { w, h, rng } = c;
    woodTable(c, "#8e5d35", "#573519");
    const spots = [[0.22, 0.3, 0.16], [0.55, 0.28, 0.14], [0.82, 0.36, 0.13], [0.3, 0.74, 0.15], [0.63, 0.7, 0.17]];
    spots.forEach(([x, y, r], i) => {
      const cx = w * x;
      const cy = h * y;
      const rr = h * r;
      plate(c, cx, cy, rr, i % 2 ? "#c76a3a" : "#f6f1ea");
      if (i === 0) for (let k = 0; k < 5; k++) c.add(`<ellipse cx="${f(cx + Math.cos(k * 1.3) * rr * 0.45)}" cy="${f(cy + Math.sin(k * 1.3) * rr * 0.45)}" rx="${f(rr * 0.28)}" ry="${f(rr * 0.17)}" fill="${radial(c, cx, cy, rr, [[0, "#d99a4a"], [1, "#9a5a22"]])}" transform="rotate(${k * 40} ${f(cx)} ${f(cy)})"/>`);
      if (i === 1) for (let k = 0; k < 14; k++) {
        const px = cx + rng.range(-0.5, 0.5) * rr;
        const py = cy + rng.range(-0.5, 0.5) * rr;
        c.add(`<rect x="${f(px)}" y="${f(py)}" width="${f(rr * 0.22)}" height="${f(rr * 0.22)}" rx="4" fill="#f0c05a" transform="rotate(${f(rng() * 90)} ${f(px)} ${f(py)})"/>`);
        if (k % 3 === 0) c.add(`<circle cx="${f(px + 6)}" cy="${f(py + 6)}" r="${f(rr * 0.08)}" fill="${k % 2 ? "#e04a1f" : "#fff5e0"}"/>`);
      }
      if (i === 2) for (let k = 0; k < 12; k++) c.add(`<ellipse cx="${f(cx + rng.range(-0.5, 0.5) * rr)}" cy="${f(cy + rng.range(-0.5, 0.5) * rr)}" rx="${f(rr * 0.14)}" ry="${f(rr * 0.11)}" fill="${rng.pick(["#6b7a22", "#4f5d17", "#2d2a1e"])}"/>`);
      if (i === 3) for (let k = 0; k < 6; k++) c.add(`<path d="M${f(cx - rr * 0.6)},${f(cy - rr * 0.5 + k * rr * 0.2)} q${f(rr * 0.3)},${f(-rr * 0.15)} ${f(rr * 0.6)},0 t${f(rr * 0.6)},0" stroke="${k % 2 ? "#b8323a" : "#d45a5f"}" stroke-width="${f(rr * 0.14)}" fill="none" stroke-linecap="round"/>`);
      if (i === 4) {
        for (let k = 0; k < 9; k++) c.add(`<circle cx="${f(cx + rng.range(-0.5, 0.5) * rr)}" cy="${f(cy + rng.range(-0.5, 0.5) * rr)}" r="${f(rr * 0.13)}" fill="${rng.pick(["#ff6a3d", "#f7d9a8", "#e89b3a"])}"/>`);
      }
    });
    c.add(`<rect x="${f(w * 0.04)}" y="${f(h * 0.5)}" width="${f(w * 0.16)}" height="${f(h * 0.08)}" rx="20" fill="#e0b77a" transform="rotate(-18 ${f(w * 0.1)} ${f(h * 0.54)})"/>`);
    vignette(c, 0.45);
  },

  dessert(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#efe6da"], [1, "#d9cbb8"]], false);
    let veins = "";
    for (let i = 0; i < 8; i++) veins += `M${f(rng() * w)},0 C${f(rng() * w)},${f(h * 0.3)} ${f(rng() * w)},${f(h * 0.6)} ${f(rng() * w)},${h} `;
    c.add(`<path d="${veins}" stroke="#b9ab9a" stroke-width="1.5" fill="none" opacity="0.5"/>`);
    const cx = w * 0.45;
    const cy = h * 0.5;
    plate(c, cx, cy, h * 0.36, "#ffffff");
    c.add(`<path d="M${f(cx - 90)},${f(cy + 50)} L${f(cx + 110)},${f(cy + 10)} L${f(cx - 40)},${f(cy - 110)} Z" fill="#e8b86a"/>`, `<path d="M${f(cx - 80)},${f(cy + 40)} L${f(cx + 95)},${f(cy + 6)} L${f(cx - 38)},${f(cy - 96)} Z" fill="#fff4dc"/>`);
    for (let i = 0; i < 9; i++) c.add(`<circle cx="${f(cx - 30 + rng.range(-40, 40))}" cy="${f(cy - 20 + rng.range(-30, 30))}" r="${f(rng.range(8, 13))}" fill="${rng.pick(["#b3122e", "#5a1a4f", "#d93a4a"])}"/>`);
    c.add(`<path d="M${f(cx + 60)},${f(cy + 70)} q40,-20 80,0 t80,0" stroke="#5a2a12" stroke-width="6" fill="none" stroke-linecap="round"/>`);
    for (let i = 0; i < 3; i++) glass(c, w * (0.82 + i * 0.06), h * (0.5 + i * 0.12), 50, 90, "#3a1d10");
    vignette(c, 0.25);
  },

  cocktail(c, p) {
    const { w, h, rng } = c;
    background(c, [[0, "#120d1c"], [1, "#24122a"]]);
    bokeh(c, 55, [CORAL, AMBER, PURPLE, CYAN, WARM], 0, h * 0.6, 10, 46, 0.35);
    c.add(`<rect x="0" y="${f(h * 0.72)}" width="${w}" height="${f(h * 0.28)}" fill="${linear(c, [[0, "#3a2a22"], [1, "#120b08"]])}"/>`, `<rect x="0" y="${f(h * 0.72)}" width="${w}" height="3" fill="${WARM}" opacity="0.5"/>`);
    const xs = p.glasses;
    xs.forEach(([x, kind, color, garnish], i) => {
      const gx = w * x;
      if (kind === "coupe") glass(c, gx, h * 0.8, w * 0.14, h * 0.34, color, { stem: true, garnish });
      else glass(c, gx, h * 0.8, w * 0.1, h * 0.34, color, { garnish, straw: i % 2 ? CORAL : "#1b1b1b" });
      glow(c, gx, h * 0.82, w * 0.08, color, 0.3);
    });
    vignette(c, 0.5);
  },

  horchata(c, p) {
    const { w, h, rng } = c;
    const s = h / 600;
    background(c, [[0, "#f3efe8"], [1, "#dcd4c8"]], false);
    let veins = "";
    for (let i = 0; i < 10; i++) veins += `M${f(rng() * w)},0 C${f(rng() * w)},${f(h * 0.3)} ${f(rng() * w)},${f(h * 0.6)} ${f(rng() * w)},${h} `;
    c.add(`<path d="${veins}" stroke="#a89e90" stroke-width="1.3" fill="none" opacity="0.45"/>`);
    for (const [x, y] of p.glasses) {
      const gx = w * x;
      const gy = h * y;
      shadow(c, gx + 12 * s, gy + 12 * s, 80 * s, 80 * s, 0.25);
      c.add(
        `<circle cx="${f(gx)}" cy="${f(gy)}" r="${f(78 * s)}" fill="#ffffff" opacity="0.65"/>`,
        `<circle cx="${f(gx)}" cy="${f(gy)}" r="${f(68 * s)}" fill="${radial(c, gx - 12 * s, gy - 12 * s, 70 * s, [[0, "#fffaf0"], [1, "#e6d8bd"]])}"/>`,
        `<circle cx="${f(gx + 16 * s)}" cy="${f(gy - 14 * s)}" r="${f(10 * s)}" fill="#d23a2a"/>`,
        `<circle cx="${f(gx + 16 * s)}" cy="${f(gy - 14 * s)}" r="${f(5 * s)}" fill="#a8241a"/>`,
      );
    }
    for (let i = 0; i < p.fartons; i++) {
      const fx = w * rng.range(0.12, 0.72);
      const fy = h * rng.range(0.15, 0.82);
      const rot = rng.range(-40, 40);
      const fw = 190 * s;
      const fh = 44 * s;
      const transform = `rotate(${f(rot)} ${f(fx + fw / 2)} ${f(fy + fh / 2)})`;
      shadow(c, fx + fw / 2 + 8 * s, fy + fh / 2 + 10 * s, fw * 0.55, fh * 0.6, 0.25);
      c.add(`<rect x="${f(fx)}" y="${f(fy)}" width="${f(fw)}" height="${f(fh)}" rx="${f(fh / 2)}" fill="${linear(c, [[0, "#efc277"], [1, "#b97c32"]])}" transform="${transform}"/>`);
      let sugar = "";
      for (let k = 0; k < 40; k++) sugar += `<circle cx="${f(fx + rng.range(10, fw - 10))}" cy="${f(fy + rng.range(6, fh - 6))}" r="${f(2 * s)}"/>`;
      c.add(`<g fill="#fff" opacity="0.85" transform="${transform}">${sugar}</g>`);
    }
    if (p.orange) {
      const ox = w * 0.84;
      const oy = h * 0.24;
      const r = 80 * s;
      shadow(c, ox + 8 * s, oy + 8 * s, r, r, 0.25);
      c.add(`<circle cx="${f(ox)}" cy="${f(oy)}" r="${f(r)}" fill="#f08a1c"/>`, `<circle cx="${f(ox)}" cy="${f(oy)}" r="${f(r * 0.86)}" fill="#ffb347"/>`);
      let seg = "";
      for (let k = 0; k < 10; k++) seg += `M${f(ox)},${f(oy)} L${f(ox + Math.cos((k * Math.PI) / 5) * r * 0.84)},${f(oy + Math.sin((k * Math.PI) / 5) * r * 0.84)} `;
      c.add(`<path d="${seg}" stroke="#fff2d2" stroke-width="${f(3 * s)}"/>`);
    }
    vignette(c, 0.2);
  },

  foodhall(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#1a1424"], [1, "#2a1d1a"]]);
    for (let i = 0; i < 4; i++) stringLights(c, -20, h * (0.08 + i * 0.05), w + 20, h * (0.1 + i * 0.04), 60, 16);
    const stalls = 4;
    for (let i = 0; i < stalls; i++) {
      const x = (w / stalls) * i + 12;
      const sw = w / stalls - 24;
      const top = h * 0.34;
      const colors = [[CORAL, "#fff1e0"], [PURPLE, "#efe6ff"], ["#2e8b6e", "#eafff5"], [AMBER, "#fff6e0"]][i];
      c.add(`<rect x="${f(x)}" y="${f(top + 50)}" width="${f(sw)}" height="${f(h * 0.4)}" fill="#211a22"/>`);
      glow(c, x + sw / 2, top + 140, sw * 0.6, WARM, 0.35);
      for (let k = 0; k < 8; k++) c.add(`<rect x="${f(x + (sw / 8) * k)}" y="${f(top)}" width="${f(sw / 8)}" height="50" fill="${colors[k % 2]}"/>`);
      let scallop = `M${f(x)},${f(top + 50)} `;
      for (let k = 0; k < 8; k++) scallop += `q${f(sw / 16)},18 ${f(sw / 8)},0 `;
      c.add(`<path d="${scallop}" fill="${colors[0]}"/>`);
      c.add(`<rect x="${f(x - 6)}" y="${f(h * 0.66)}" width="${f(sw + 12)}" height="${f(h * 0.06)}" fill="#3a2a20"/>`);
      for (let k = 0; k < 5; k++) c.add(`<circle cx="${f(x + 20 + k * (sw - 40) / 4)}" cy="${f(h * 0.64)}" r="12" fill="${rng.pick([CORAL, AMBER, "#f3e2c7", "#8bc34a"])}"/>`);
    }
    crowd(c, h * 0.82, 2, "#0b080c", { hands: 0.02, phones: 0, scale: w / 1600 + 0.45 });
    vignette(c, 0.45);
  },

  dining(c, p) {
    const { w, h, rng } = c;
    background(c, [[0, p.wall], [1, "#120c0a"]]);
    for (let i = 0; i < 5; i++) {
      const x = w * (0.12 + i * 0.19);
      const y = h * 0.22 + (i % 2) * 20;
      c.add(`<path d="M${f(x)},0 L${f(x)},${f(y - 30)}" stroke="#000" stroke-width="2"/>`, `<path d="M${f(x - 34)},${f(y)} L${f(x)},${f(y - 34)} L${f(x + 34)},${f(y)} Z" fill="#1a1310"/>`);
      glow(c, x, y + 10, 120, AMBER, 0.55);
    }
    for (let i = 0; i < 4; i++) {
      const x = w * (0.16 + i * 0.23);
      const y = h * 0.74;
      c.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w * 0.09)}" ry="${f(h * 0.035)}" fill="#efe3cf"/>`, `<rect x="${f(x - 4)}" y="${f(y)}" width="8" height="${f(h * 0.2)}" fill="#0c0806"/>`);
      c.add(`<rect x="${f(x - 6)}" y="${f(y - 26)}" width="12" height="22" rx="3" fill="#fff1d0"/>`);
      glow(c, x, y - 30, 40, WARM, 0.7);
      for (const side of [-1, 1]) c.add(`<path d="M${f(x + side * w * 0.11)},${f(y - 60)} L${f(x + side * w * 0.11)},${f(y + h * 0.2)} M${f(x + side * w * 0.11)},${f(y + 20)} L${f(x + side * w * 0.08)},${f(y + 20)}" stroke="#0c0806" stroke-width="8"/>`);
    }
    if (p.window) {
      c.add(`<rect x="${f(w * 0.05)}" y="${f(h * 0.3)}" width="${f(w * 0.9)}" height="${f(h * 0.3)}" fill="${linear(c, [[0, "#1c1740"], [1, "#ff7a59"]])}" opacity="0.55"/>`);
      for (let i = 0; i < 8; i++) c.add(`<rect x="${f(w * 0.05 + (i * w * 0.9) / 8)}" y="${f(h * 0.3)}" width="4" height="${f(h * 0.3)}" fill="#0c0806"/>`);
    }
    bokeh(c, 20, [WARM, AMBER], h * 0.3, h * 0.7, 6, 20, 0.3);
    vignette(c, 0.5);
  },

  skyline(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#0d0b24"], [0.55, "#3a1f5c"], [0.78, "#ff7a59"], [1, "#2a1230"]]);
    stars(c, 80, h * 0.4);
    let x = 0;
    while (x < w) {
      const bw = rng.range(30, 80);
      const bh = h * rng.range(0.08, 0.2);
      c.add(`<rect x="${f(x)}" y="${f(h * 0.78 - bh)}" width="${f(bw)}" height="${f(bh)}" fill="#1a0f24"/>`);
      for (let wy = h * 0.78 - bh + 8; wy < h * 0.76; wy += 12) for (let wx = x + 6; wx < x + bw - 6; wx += 10) if (rng() < 0.3) c.add(`<rect x="${f(wx)}" y="${f(wy)}" width="4" height="6" fill="${WARM}" opacity="0.8"/>`);
      x += bw + rng.range(0, 6);
    }
    c.add(`<rect x="0" y="${f(h * 0.78)}" width="${w}" height="${f(h * 0.22)}" fill="#0f0a14"/>`);
    c.add(`<rect x="0" y="${f(h * 0.6)}" width="${w}" height="6" fill="#2b2434"/>`);
    for (let i = 0; i <= 20; i++) c.add(`<rect x="${f((i * w) / 20)}" y="${f(h * 0.6)}" width="3" height="${f(h * 0.2)}" fill="#2b2434"/>`);
    c.add(`<rect x="0" y="${f(h * 0.6)}" width="${w}" height="${f(h * 0.2)}" fill="#9fd8ff" opacity="0.06"/>`);
    const gs = h / 600;
    glass(c, w * 0.3, h * 0.95, 60 * gs, 150 * gs, CORAL, { garnish: AMBER, straw: "#1b1b1b" });
    glass(c, w * 0.42, h * 0.95, 90 * gs, 150 * gs, "#ffd37a", { stem: true });
    glass(c, w * 0.74, h * 0.95, 60 * gs, 150 * gs, PURPLE, { garnish: "#f5d03b" });
    stringLights(c, 0, h * 0.08, w, h * 0.12, 50, 14);
    vignette(c, 0.45);
  },

  // ---- venue & hospitality ----

  exterior(c, p) {
    const { w, h, rng } = c;
    background(c, p.dusk ? [[0, "#1a1440"], [0.45, "#5b1fd1"], [0.75, "#ff6a45"], [1, "#ffb36b"]] : [[0, "#6fb3e8"], [0.7, "#cfe6f5"], [1, "#fbe9d0"]]);
    if (p.dusk) stars(c, 60, h * 0.3);
    const cx = w * 0.5;
    const baseY = h * 0.72;
    const rx = w * 0.4;
    const ry = h * 0.3;
    c.add(`<path d="M${f(cx - rx)},${f(baseY)} A${f(rx)},${f(ry)} 0 0 1 ${f(cx + rx)},${f(baseY)} Z" fill="${p.dusk ? "#1b1526" : "#e9e4dc"}"/>`);
    for (let i = 1; i <= 6; i++) {
      const k = 1 - i * 0.11;
      c.add(`<path d="M${f(cx - rx * Math.sqrt(1 - (1 - k) ** 2) - 0)},${f(baseY - ry * (1 - k))} L${f(cx + rx * Math.sqrt(1 - (1 - k) ** 2))},${f(baseY - ry * (1 - k))}" stroke="${p.dusk ? rng.pick([CORAL, WARM, "#ff8f6a"]) : "#b9b0a4"}" stroke-width="${p.dusk ? 4 : 3}" opacity="${p.dusk ? 0.85 : 0.7}"/>`);
    }
    c.add(`<path d="M${f(cx - rx * 0.92)},${f(baseY - ry * 0.38)} A${f(rx * 0.92)},${f(ry * 0.62)} 0 0 1 ${f(cx + rx * 0.92)},${f(baseY - ry * 0.38)}" stroke="${p.dusk ? PURPLE : "#ffffff"}" stroke-width="12" fill="none" opacity="0.8"/>`);
    c.add(`<rect x="${f(cx - rx * 0.5)}" y="${f(baseY - h * 0.08)}" width="${f(rx)}" height="${f(h * 0.08)}" fill="${p.dusk ? "#ffcf8a" : "#9fc6e0"}" opacity="${p.dusk ? 0.85 : 0.9}"/>`);
    for (let i = 0; i <= 16; i++) c.add(`<rect x="${f(cx - rx * 0.5 + (i * rx) / 16)}" y="${f(baseY - h * 0.08)}" width="3" height="${f(h * 0.08)}" fill="#2b2232"/>`);
    if (p.dusk) glow(c, cx, baseY - h * 0.04, rx * 0.7, AMBER, 0.3);
    c.add(`<rect x="0" y="${f(baseY)}" width="${w}" height="${f(h - baseY)}" fill="${p.dusk ? "#120e18" : "#c9bba5"}"/>`);
    c.add(`<rect x="0" y="${f(baseY + 12)}" width="${w}" height="${f(h * 0.06)}" fill="${p.dusk ? "#2a2450" : "#8fc1df"}" opacity="0.7"/>`);
    for (let x = -20; x < w + 40; x += rng.range(60, 120)) tree(c, x, h * rng.range(0.95, 1.02), rng.range(80, 150), p.dusk ? "#0a0c0d" : "#3d6b3a");
    for (let i = 0; i < 14; i++) {
      const lx = (w / 14) * (i + 0.5);
      c.add(`<rect x="${f(lx - 2)}" y="${f(baseY + h * 0.02)}" width="4" height="${f(h * 0.1)}" fill="#0a0a0a"/>`);
      if (p.dusk) glow(c, lx, baseY + h * 0.02, 26, WARM, 0.8);
    }
    vignette(c, p.dusk ? 0.45 : 0.25);
  },

  bowl(c, p) {
    const { w, h, rng } = c;
    background(c, [[0, "#0c0a12"], [1, "#1b1526"]]);
    const cx = w / 2;
    const cy = h * 0.62;
    for (let i = 22; i >= 1; i--) {
      const rx = w * 0.12 + i * w * 0.035;
      const ry = h * 0.06 + i * h * 0.022;
      const color = i % 4 === 0 ? "#2a2238" : rng.pick([PURPLE, "#4a1aa8", CORAL, "#3b2f55"]);
      c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${color}" stroke-width="${f(h * 0.012)}" stroke-dasharray="7 4" opacity="${f(0.45 + rng() * 0.35)}"/>`);
    }
    c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(w * 0.13)}" ry="${f(h * 0.065)}" fill="${p.floor}"/>`);
    glow(c, cx, cy, w * 0.25, p.floorGlow, 0.45);
    for (let i = 0; i < 4; i++) beam(c, w * (0.2 + i * 0.2), 0, cx + rng.range(-60, 60), cy, w * 0.03, WARM, 0.25);
    if (p.box) {
      c.add(`<rect x="0" y="${f(h * 0.78)}" width="${w}" height="${f(h * 0.22)}" fill="#0a080e"/>`);
      c.add(`<rect x="0" y="${f(h * 0.6)}" width="${w}" height="${f(h * 0.2)}" fill="#bfe3ff" opacity="0.07"/>`, `<rect x="0" y="${f(h * 0.6)}" width="${w}" height="4" fill="#d7d2e0" opacity="0.7"/>`);
      c.add(`<ellipse cx="${f(w * 0.3)}" cy="${f(h * 0.86)}" rx="${f(w * 0.16)}" ry="${f(h * 0.04)}" fill="#f1e8dc"/>`);
      glass(c, w * 0.25, h * 0.85, 30, 70, "#f4c95d", { stem: true });
      glass(c, w * 0.32, h * 0.86, 30, 70, "#a4123f", { stem: true });
      glass(c, w * 0.38, h * 0.85, 30, 70, "#f4c95d", { stem: true });
      c.add(`<rect x="${f(w * 0.6)}" y="${f(h * 0.8)}" width="${f(w * 0.3)}" height="${f(h * 0.2)}" rx="26" fill="#3a2d4a"/>`, `<rect x="${f(w * 0.6)}" y="${f(h * 0.74)}" width="${f(w * 0.3)}" height="${f(h * 0.1)}" rx="22" fill="#4a3a5e"/>`);
    } else {
      crowd(c, h * 0.86, 2, "#050408", { hands: 0.3, phones: 0.2, scale: w / 1600 + 0.4 });
    }
    vignette(c, 0.5);
  },

  lounge(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#1c1220"], [1, "#0e0a0f"]]);
    c.add(`<rect x="${f(w * 0.08)}" y="${f(h * 0.12)}" width="${f(w * 0.84)}" height="${f(h * 0.38)}" fill="#241826"/>`);
    glow(c, w * 0.5, h * 0.3, w * 0.45, AMBER, 0.3);
    for (let shelf = 0; shelf < 3; shelf++) {
      const y = h * (0.2 + shelf * 0.11);
      c.add(`<rect x="${f(w * 0.1)}" y="${f(y + 38)}" width="${f(w * 0.8)}" height="4" fill="${WARM}" opacity="0.8"/>`);
      for (let x = w * 0.11; x < w * 0.89; x += rng.range(16, 26)) {
        const bh = rng.range(24, 38);
        c.add(`<rect x="${f(x)}" y="${f(y + 38 - bh)}" width="10" height="${f(bh)}" rx="3" fill="${rng.pick(["#7a3b1f", "#2f6b3a", "#c9a25a", "#5b1fd1", "#d8d0c0", "#9a2430"])}" opacity="0.85"/>`);
      }
    }
    c.add(`<rect x="${f(w * 0.05)}" y="${f(h * 0.56)}" width="${f(w * 0.9)}" height="${f(h * 0.14)}" fill="${linear(c, [[0, "#3a2630"], [1, "#1a1014"]])}"/>`, `<rect x="${f(w * 0.05)}" y="${f(h * 0.56)}" width="${f(w * 0.9)}" height="5" fill="${CORAL}" opacity="0.8"/>`);
    for (let i = 0; i < 6; i++) {
      const x = w * (0.12 + i * 0.15);
      c.add(`<circle cx="${f(x)}" cy="${f(h * 0.7)}" r="22" fill="#2c2030"/>`, `<rect x="${f(x - 3)}" y="${f(h * 0.7)}" width="6" height="${f(h * 0.2)}" fill="#0a0709"/>`);
    }
    c.add(`<rect x="0" y="${f(h * 0.9)}" width="${w}" height="${f(h * 0.1)}" fill="#0a0709"/>`);
    for (let i = 0; i < 4; i++) glow(c, w * (0.2 + i * 0.2), h * 0.08, 90, WARM, 0.5);
    vignette(c, 0.5);
  },

  membership(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#16121f"], [1, "#0c0a12"]]);
    for (let row = 0; row < 14; row++) {
      for (let i = 0; i < 30; i++) {
        const x = (i / 30) * w + (row % 2) * 12;
        const y = h * 0.5 + row * 26;
        c.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(w / 36)}" height="16" rx="5" fill="${row % 3 === 0 ? CORAL : PURPLE}" opacity="${f(0.12 + row * 0.02)}"/>`);
      }
    }
    glow(c, w * 0.5, h * 0.45, w * 0.35, PURPLE, 0.5);
    const cw = w * 0.42;
    const ch = cw * 0.63;
    const cx = w / 2;
    const cy = h * 0.45;
    shadow(c, cx + 20, cy + 30, cw * 0.52, ch * 0.52, 0.6);
    c.add(
      `<g transform="rotate(-8 ${f(cx)} ${f(cy)})">` +
        `<rect x="${f(cx - cw / 2)}" y="${f(cy - ch / 2)}" width="${f(cw)}" height="${f(ch)}" rx="26" fill="${linear(c, [[0, PURPLE], [0.6, MAGENTA], [1, CORAL]], 0, 0, 1, 1)}"/>` +
        `<rect x="${f(cx - cw / 2 + 40)}" y="${f(cy - ch / 2 + 50)}" width="70" height="52" rx="10" fill="${WARM}" opacity="0.9"/>` +
        `<path d="M${f(cx - cw / 2)},${f(cy + ch * 0.2)} C${f(cx - cw * 0.1)},${f(cy - ch * 0.1)} ${f(cx + cw * 0.1)},${f(cy + ch * 0.5)} ${f(cx + cw / 2)},${f(cy + ch * 0.1)}" stroke="#fff" stroke-width="3" fill="none" opacity="0.4"/>` +
        `<rect x="${f(cx - cw / 2 + 40)}" y="${f(cy + ch * 0.22)}" width="${f(cw * 0.5)}" height="14" rx="7" fill="#fff" opacity="0.7"/>` +
        `<rect x="${f(cx - cw / 2 + 40)}" y="${f(cy + ch * 0.33)}" width="${f(cw * 0.3)}" height="10" rx="5" fill="#fff" opacity="0.5"/>` +
        `<circle cx="${f(cx + cw / 2 - 70)}" cy="${f(cy - ch / 2 + 70)}" r="34" fill="none" stroke="#fff" stroke-width="6" opacity="0.8"/>` +
        `</g>`,
    );
    bokeh(c, 30, [WARM, CORAL], 0, h * 0.4, 4, 18, 0.4);
    vignette(c, 0.5);
  },

  rental(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#0e0c16"], [1, "#1c1628"]]);
    const sw = w * 0.5;
    const sh = h * 0.26;
    c.add(`<rect x="${f(w / 2 - sw / 2)}" y="${f(h * 0.12)}" width="${f(sw)}" height="${f(sh)}" fill="${linear(c, [[0, PURPLE], [1, CORAL]], 0, 0, 1, 1)}"/>`);
    c.add(`<circle cx="${f(w / 2)}" cy="${f(h * 0.12 + sh / 2)}" r="${f(sh * 0.28)}" fill="none" stroke="#fff" stroke-width="8" opacity="0.85"/>`, `<rect x="${f(w / 2 - sw * 0.3)}" y="${f(h * 0.12 + sh * 0.82)}" width="${f(sw * 0.6)}" height="8" rx="4" fill="#fff" opacity="0.6"/>`);
    glow(c, w / 2, h * 0.25, w * 0.45, PURPLE, 0.4);
    c.add(`<rect x="${f(w * 0.2)}" y="${f(h * 0.42)}" width="${f(w * 0.6)}" height="${f(h * 0.05)}" fill="#08070c"/>`);
    performer(c, w * 0.58, h * 0.42, h * 0.12);
    for (let row = 0; row < 3; row++) {
      for (let i = 0; i < 5 + row; i++) {
        const n = 5 + row;
        const x = ((i + 0.5) / n) * w;
        const y = h * (0.58 + row * 0.14);
        const rx = w * (0.05 + row * 0.01);
        c.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(rx * 0.35)}" fill="#f2ece4" opacity="0.92"/>`);
        glow(c, x, y - 6, rx * 0.5, WARM, 0.5);
        for (let k = 0; k < 6; k++) {
          const a = (k / 6) * Math.PI * 2;
          c.add(`<circle cx="${f(x + Math.cos(a) * rx * 1.25)}" cy="${f(y + Math.sin(a) * rx * 0.5 - 6)}" r="${f(6 + row * 2)}" fill="#07060a"/>`);
        }
      }
    }
    for (let i = 0; i < 4; i++) beam(c, w * (0.1 + i * 0.27), 0, w * rng.range(0.2, 0.8), h * 0.9, w * 0.04, i % 2 ? CORAL : WARM, 0.2);
    vignette(c, 0.5);
  },

  seats(c) {
    const { w, h } = c;
    background(c, [[0, "#120f1a"], [1, "#1d1728"]]);
    for (let row = 0; row < 16; row++) {
      const t = row / 16;
      const y = h * 0.1 + h * 0.9 * t * t + row * 8;
      const size = 18 + row * 7;
      const color = row % 5 === 2 ? PURPLE : CORAL;
      for (let x = -size + (row % 2) * size * 0.5; x < w + size; x += size * 1.15) {
        c.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(size)}" height="${f(size * 0.9)}" rx="${f(size * 0.2)}" fill="${color}" opacity="${f(0.45 + t * 0.5)}"/>`, `<rect x="${f(x)}" y="${f(y + size * 0.75)}" width="${f(size)}" height="${f(size * 0.25)}" rx="${f(size * 0.1)}" fill="#000" opacity="0.35"/>`);
      }
    }
    glow(c, w * 0.7, h * 0.1, w * 0.4, WARM, 0.3);
    vignette(c, 0.55);
  },

  concourse(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#221a2e"], [1, "#0f0b14"]]);
    const vx = w * 0.5;
    const vy = h * 0.42;
    c.add(`<polygon points="0,0 ${w},0 ${f(vx + 80)},${f(vy - 50)} ${f(vx - 80)},${f(vy - 50)}" fill="#18131f"/>`, `<polygon points="0,${h} ${w},${h} ${f(vx + 80)},${f(vy + 50)} ${f(vx - 80)},${f(vy + 50)}" fill="${linear(c, [[0, "#2d2538"], [1, "#4a3f57"]])}"/>`);
    for (let i = 0; i < 9; i++) {
      const t = i / 9;
      const y = vy - 50 - (vy - 50) * (1 - t) ** 2;
      const x1 = vx - 80 - (vx - 80) * (1 - t) ** 2;
      const x2 = vx + 80 + (w - vx - 80) * (1 - t) ** 2;
      c.add(`<rect x="${f(x1)}" y="${f(y)}" width="${f(x2 - x1)}" height="${f(4 + (1 - t) * 6)}" fill="${WARM}" opacity="0.75"/>`);
    }
    c.add(`<rect x="${f(vx - 80)}" y="${f(vy - 50)}" width="160" height="100" fill="${linear(c, [[0, CORAL], [1, PURPLE]])}" opacity="0.8"/>`);
    glow(c, vx, vy, 200, CORAL, 0.3);
    c.add(`<polygon points="0,${f(h * 0.1)} ${f(w * 0.1)},${f(h * 0.18)} ${f(w * 0.1)},${f(h * 0.75)} 0,${f(h * 0.9)}" fill="${CORAL}" opacity="0.7"/>`, `<polygon points="${w},${f(h * 0.1)} ${f(w * 0.9)},${f(h * 0.18)} ${f(w * 0.9)},${f(h * 0.75)} ${w},${f(h * 0.9)}" fill="${PURPLE}" opacity="0.7"/>`);
    for (let i = 0; i < 14; i++) {
      const t = rng.range(0.15, 1);
      const x = vx + rng.range(-1, 1) * (80 + t * w * 0.35);
      const y = vy + 50 + t * (h - vy - 50) * 0.8;
      const s = 0.3 + t * 1.2;
      c.add(`<g fill="#07050a"><circle cx="${f(x)}" cy="${f(y - 70 * s)}" r="${f(10 * s)}"/><rect x="${f(x - 14 * s)}" y="${f(y - 58 * s)}" width="${f(28 * s)}" height="${f(58 * s)}" rx="${f(8 * s)}"/></g>`);
    }
    vignette(c, 0.5);
  },

  backstage(c) {
    const { w, h, rng } = c;
    background(c, [[0, "#101014"], [1, "#1b1a20"]]);
    truss(c, h * 0.1, 22);
    truss(c, h * 0.22, 14);
    for (let i = 0; i < 3; i++) glow(c, w * (0.2 + i * 0.3), h * 0.3, w * 0.2, i === 1 ? CORAL : "#e6f0ff", 0.3);
    for (let i = 0; i < 7; i++) {
      const x = w * (0.02 + i * 0.14) + rng.range(-10, 10);
      const bw = w * rng.range(0.1, 0.13);
      const bh = h * rng.range(0.18, 0.3);
      const y = h * 0.9 - bh;
      c.add(`<rect x="${f(x)}" y="${f(y)}" width="${f(bw)}" height="${f(bh)}" rx="6" fill="#23222a" stroke="#4a4954" stroke-width="3"/>`);
      for (const [px, py] of [[x, y], [x + bw - 16, y], [x, y + bh - 16], [x + bw - 16, y + bh - 16]]) c.add(`<rect x="${f(px)}" y="${f(py)}" width="16" height="16" fill="#9a9aa3"/>`);
      c.add(`<rect x="${f(x + bw * 0.3)}" y="${f(y + bh * 0.4)}" width="${f(bw * 0.4)}" height="8" rx="4" fill="#111"/>`);
      if (i % 3 === 1) c.add(`<rect x="${f(x + 12)}" y="${f(y + 12)}" width="${f(bw * 0.35)}" height="20" fill="${CORAL}" opacity="0.85"/>`);
    }
    let cables = "";
    for (let i = 0; i < 5; i++) cables += `M0,${f(h * rng.range(0.9, 1))} C${f(w * 0.3)},${f(h * 0.85)} ${f(w * 0.6)},${f(h * 1.05)} ${w},${f(h * rng.range(0.9, 1))} `;
    c.add(`<rect x="0" y="${f(h * 0.9)}" width="${w}" height="${f(h * 0.1)}" fill="#0a0a0d"/>`, `<path d="${cables}" stroke="#000" stroke-width="6" fill="none"/>`);
    vignette(c, 0.5);
  },
};

// ---------------------------------------------------------------------------------------------
// Sponsor wordmarks (SVG, served as they are)

function logo({ name, mark, color, accent, font = "600", tagline = "" }) {
  const marks = {
    wave: `<path d="M20 92 q20 -30 40 0 t40 0 t40 0" stroke="${accent}" stroke-width="10" fill="none" stroke-linecap="round"/><path d="M20 62 q20 -30 40 0 t40 0 t40 0" stroke="${color}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
    orange: `<circle cx="80" cy="80" r="46" fill="${accent}"/><path d="M80 34 q18 -20 36 -10 q-14 18 -36 10z" fill="${color}"/>`,
    drop: `<path d="M80 24 C104 60 118 78 118 98 a38 38 0 0 1 -76 0 C42 78 56 60 80 24z" fill="${accent}"/><path d="M64 98 a16 16 0 0 0 16 16" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round"/>`,
    sail: `<path d="M44 118 L112 118 L96 132 L58 132 Z" fill="${color}"/><path d="M84 22 L84 112 L36 112 Z" fill="${accent}"/><path d="M92 40 L92 112 L126 112 Z" fill="${color}"/>`,
    arch: `<path d="M34 128 L34 78 a46 46 0 0 1 92 0 L126 128" stroke="${color}" stroke-width="12" fill="none"/><path d="M58 128 L58 84 a22 22 0 0 1 44 0 L102 128" stroke="${accent}" stroke-width="10" fill="none"/>`,
    star: `<path d="M80 26 L93 64 L133 64 L101 88 L113 128 L80 104 L47 128 L59 88 L27 64 L67 64 Z" fill="${accent}"/>`,
    hop: `<ellipse cx="80" cy="82" rx="34" ry="46" fill="${accent}"/><path d="M54 64 h52 M50 84 h60 M56 104 h48" stroke="${color}" stroke-width="6"/>`,
    signal: `<circle cx="56" cy="110" r="10" fill="${accent}"/><path d="M56 80 a30 30 0 0 1 30 30 M56 52 a58 58 0 0 1 58 58 M56 24 a86 86 0 0 1 86 86" stroke="${color}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  };
  const words = name.split("|");
  const lines = words
    .map((word, i) => `<text x="170" y="${words.length === 1 ? 98 : 78 + i * 42}" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="${words.length === 1 ? 46 : 38}" font-weight="${font}" fill="${i === 0 ? color : accent}" letter-spacing="0.5">${word}</text>`)
    .join("");
  const tag = tagline ? `<text x="172" y="${words.length === 1 ? 128 : 150}" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="15" font-weight="500" fill="${color}" opacity="0.7" letter-spacing="2.5">${tagline}</text>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160" role="img"><title>${words.join(" ")}</title>${marks[mark]}${lines}${tag}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// The image list

const HERO = [1600, 900];
const EVENT = [1200, 800];
const GALLERY = [800, 600];

const stagePalettes = {
  coral: { sky: ["#1a0f2e", "#3b1248"], haze: CORAL, beams: [CORAL, WARM, MAGENTA], performer: true, screen: true },
  violet: { sky: ["#0f0c24", "#2b1466"], haze: PURPLE, beams: ["#a98bff", CYAN, "#ffffff"], band: true, performer: true },
  amber: { sky: ["#1c0f0a", "#4a1e10"], haze: AMBER, beams: [AMBER, WARM, CORAL], performer: true },
  cyan: { sky: ["#08141f", "#0e3346"], haze: CYAN, beams: [CYAN, "#ffffff", PURPLE], band: true, screen: true },
  magenta: { sky: ["#190a1f", "#4a0f3a"], haze: MAGENTA, beams: [MAGENTA, "#ff9ad1", WARM], performer: true, screen: true, phones: 0.12 },
  empty: { sky: ["#101018", "#1c1c28"], haze: "#e6f0ff", beams: ["#ffffff", WARM], hands: 0, phones: 0 },
};

export const IMAGES = [
  // heroes
  { name: "hero-live-concert", size: HERO, scene: "stage", params: stagePalettes.coral },
  { name: "hero-basketball-night", size: HERO, scene: "court", params: { paint: PURPLE, fans: CORAL } },
  { name: "hero-arena-dusk", size: HERO, scene: "exterior", params: { dusk: true } },
  { name: "hero-hospitality-box", size: HERO, scene: "bowl", params: { box: true, floor: "#c98a4b", floorGlow: WARM } },
  { name: "hero-restaurants", size: HERO, scene: "tapas" },
  { name: "hero-backstage", size: HERO, scene: "backstage" },
  // events
  { name: "event-lua-serrano", size: EVENT, scene: "stage", params: stagePalettes.coral },
  { name: "event-lua-serrano-second-date", size: EVENT, scene: "stage", params: stagePalettes.magenta },
  { name: "event-els-capvespres", size: EVENT, scene: "stage", params: stagePalettes.amber },
  { name: "event-the-halyards", size: EVENT, scene: "stage", params: stagePalettes.cyan },
  { name: "event-nora-vidal", size: EVENT, scene: "stage", params: stagePalettes.violet },
  { name: "event-symphonic-film-music", size: EVENT, scene: "orchestra" },
  { name: "event-turia-sound-festival", size: EVENT, scene: "festival" },
  { name: "event-autumn-jazz", size: EVENT, scene: "jazz" },
  { name: "event-new-year", size: EVENT, scene: "newyear" },
  { name: "event-basketball-cantabrico", size: EVENT, scene: "court", params: { paint: CORAL, fans: "#3f7be0" } },
  { name: "event-basketball-rias-baixas", size: EVENT, scene: "court", params: { paint: PURPLE, fans: "#2fa36b" } },
  { name: "event-basketball-meseta", size: EVENT, scene: "court", params: { paint: "#2b6fd6", fans: AMBER } },
  { name: "event-tennis-indoor", size: EVENT, scene: "tennis" },
  { name: "event-circus", size: EVENT, scene: "circus" },
  { name: "event-dinosaurs", size: EVENT, scene: "dino" },
  { name: "event-ice-show", size: EVENT, scene: "ice" },
  { name: "event-comedy-carla-ferrer", size: EVENT, scene: "comedy", params: { spot: 0.45 } },
  { name: "event-comedy-gala", size: EVENT, scene: "comedy", params: { spot: 0.6 } },
  { name: "event-dance-acrobatics", size: EVENT, scene: "dance" },
  // restaurants (cover 1200x800, gallery 800x600)
  { name: "restaurant-brasa-albereda", size: EVENT, scene: "grill", params: { tilt: -4, sliced: true } },
  { name: "restaurant-brasa-albereda-grill", size: GALLERY, scene: "grill", params: { tilt: 6, sliced: false } },
  { name: "restaurant-brasa-albereda-room", size: GALLERY, scene: "dining", params: { wall: "#3a2218", window: false } },
  { name: "restaurant-brasa-albereda-dessert", size: GALLERY, scene: "dessert" },
  { name: "restaurant-barraca-arros", size: EVENT, scene: "paella", params: { x: 0.42, prawns: 8, peppers: true } },
  { name: "restaurant-barraca-arros-paella", size: GALLERY, scene: "paella", params: { x: 0.5, prawns: 6, peppers: false } },
  { name: "restaurant-barraca-arros-terrace", size: GALLERY, scene: "dining", params: { wall: "#2a1d30", window: true } },
  { name: "restaurant-barraca-arros-tapas", size: GALLERY, scene: "tapas" },
  { name: "restaurant-mercat-turia", size: EVENT, scene: "foodhall" },
  { name: "restaurant-mercat-turia-tapas", size: GALLERY, scene: "tapas" },
  { name: "restaurant-mercat-turia-stalls", size: GALLERY, scene: "foodhall" },
  { name: "restaurant-mercat-turia-drinks", size: GALLERY, scene: "cocktail", params: { glasses: [[0.3, "highball", "#f2b33d", "#f5d03b"], [0.55, "highball", "#c2185b", null], [0.78, "coupe", "#ffcf8a", null]] } },
  { name: "restaurant-terrassa-360", size: EVENT, scene: "skyline" },
  { name: "restaurant-terrassa-360-cocktails", size: GALLERY, scene: "cocktail", params: { glasses: [[0.25, "coupe", CORAL, AMBER], [0.5, "highball", "#5b1fd1", "#f5d03b"], [0.75, "coupe", "#ffd37a", null]] } },
  { name: "restaurant-terrassa-360-bar", size: GALLERY, scene: "lounge" },
  { name: "restaurant-terrassa-360-view", size: GALLERY, scene: "skyline" },
  { name: "restaurant-orxateria-albereda", size: EVENT, scene: "horchata", params: { glasses: [[0.3, 0.4], [0.55, 0.62]], fartons: 4, orange: true } },
  { name: "restaurant-orxateria-albereda-glasses", size: GALLERY, scene: "horchata", params: { glasses: [[0.35, 0.45], [0.62, 0.4], [0.5, 0.75]], fartons: 2, orange: false } },
  { name: "restaurant-orxateria-albereda-fartons", size: GALLERY, scene: "horchata", params: { glasses: [[0.8, 0.75]], fartons: 6, orange: true } },
  { name: "restaurant-orxateria-albereda-room", size: GALLERY, scene: "dining", params: { wall: "#4a3424", window: true } },
  // hospitality
  { name: "hospitality-boxes", size: EVENT, scene: "bowl", params: { box: true, floor: "#3b7bd6", floorGlow: CYAN } },
  { name: "hospitality-club", size: EVENT, scene: "lounge" },
  { name: "hospitality-membership", size: EVENT, scene: "membership" },
  { name: "hospitality-event-rental", size: EVENT, scene: "rental" },
  // the venue (gallery)
  { name: "venue-arena-day", size: GALLERY, scene: "exterior", params: { dusk: false } },
  { name: "venue-bowl-concert", size: GALLERY, scene: "bowl", params: { box: false, floor: CORAL, floorGlow: CORAL } },
  { name: "venue-seats", size: GALLERY, scene: "seats" },
  { name: "venue-concourse", size: GALLERY, scene: "concourse" },
  { name: "venue-court", size: GALLERY, scene: "court", params: { paint: CORAL, fans: PURPLE } },
  { name: "venue-stage", size: GALLERY, scene: "stage", params: stagePalettes.empty },
  // sponsors
  { name: "sponsor-fundacio-turia-viva", size: [480, 160], logo: { name: "Fundació|Túria Viva", mark: "wave", color: "#14121c", accent: "#2e8b6e", font: "700" } },
  { name: "sponsor-agencia-metropolitana-cultura-esport", size: [480, 160], logo: { name: "AMCE", mark: "arch", color: "#14121c", accent: "#c2185b", font: "800", tagline: "CULTURA I ESPORT" } },
  { name: "sponsor-consorci-albereda", size: [480, 160], logo: { name: "Consorci|Albereda", mark: "star", color: "#14121c", accent: "#d4a017", font: "700" } },
  { name: "sponsor-brisalia-telecom", size: [480, 160], logo: { name: "brisalia", mark: "signal", color: "#5b1fd1", accent: "#ff5a36", font: "800", tagline: "TELECOM" } },
  { name: "sponsor-taronja-mobility", size: [480, 160], logo: { name: "Taronja|Mobility", mark: "orange", color: "#14121c", accent: "#f08a1c", font: "700" } },
  { name: "sponsor-aigua-fontfreda", size: [480, 160], logo: { name: "Fontfreda", mark: "drop", color: "#0f4c81", accent: "#43c6e8", font: "600", tagline: "AIGUA DE MUNTANYA" } },
  { name: "sponsor-cervesa-nau-46", size: [480, 160], logo: { name: "NAU 46", mark: "hop", color: "#14121c", accent: "#e0a526", font: "800", tagline: "CERVESA ARTESANA" } },
  { name: "sponsor-vela-llatina-assegurances", size: [480, 160], logo: { name: "Vela Llatina", mark: "sail", color: "#14121c", accent: "#ff5a36", font: "700", tagline: "ASSEGURANCES" } },
].map((image) => ({ ...image, ext: image.logo ? "svg" : "jpg" }));

export function assetHash(name, width, height) {
  return createHash("sha1").update(`${name}:${width}x${height}`).digest("hex").slice(0, 10);
}

/** The path of the asset's URL, e.g. f/1000001/1600x900/ab12cd34ef/hero.jpg (served at /a/f/…). */
export function assetPath(image) {
  const [width, height] = image.size;
  return `f/${SPACE_ID}/${width}x${height}/${assetHash(image.name, width, height)}/${image.name}.${image.ext}`;
}

/** The asset's `filename` as the content API serves it. */
export function assetFilename(image) {
  return `/a/${assetPath(image)}`;
}

export function imageNamed(name) {
  const image = IMAGES.find((candidate) => candidate.name === name);
  if (!image) throw new Error(`No image named ${name}`);
  return image;
}

export function drawSvg(image) {
  if (image.logo) return logo(image.logo);
  const [w, h] = image.size;
  const c = canvas(w, h, mulberry32(seedOf(image.name)));
  scenes[image.scene](c, image.params ?? {});
  return c.svg();
}

const CONTENT_TYPES = { jpg: "image/jpeg", svg: "image/svg+xml" };

/** The asset objects of assets/<space>/, by the `f/…` path of their filename. */
async function readAssetObjects(folder) {
  const objects = new Map();
  const names = await readdir(folder).catch(() => []);
  for (const name of names.filter((file) => file.endsWith(".json")).sort()) {
    const asset = JSON.parse(await readFile(path.join(folder, name), "utf8"));
    const urlPath = typeof asset.filename === "string" ? asset.filename.replace(/^.*?\/f\//, "f/") : undefined;
    if (urlPath && !objects.has(urlPath)) objects.set(urlPath, { asset, stem: name.slice(0, -".json".length) });
  }
  return objects;
}

async function main() {
  if (process.argv.includes("--list")) {
    for (const image of IMAGES) console.log(`${image.name}\t${image.size.join("x")}\t${assetFilename(image)}`);
    return;
  }
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  let total = 0;
  const folder = path.join(ASSET_ROOT, String(SPACE_ID));
  await mkdir(folder, { recursive: true });
  const objects = await readAssetObjects(folder);
  let nextId = Math.max(21000000, ...[...objects.values()].map(({ asset }) => Number(asset.id) || 0)) + 1;
  for (const image of IMAGES) {
    if (only.length && !only.some((name) => image.name.includes(name))) continue;
    const known = objects.get(assetPath(image));
    const id = known?.asset.id ?? nextId++;
    const stem = known?.stem ?? `${image.name}_${id}`;
    const file = path.join(folder, `${stem}.${image.ext}`);
    const svg = drawSvg(image);
    if (image.ext === "svg") {
      await writeFile(file, svg);
    } else {
      const { default: sharp } = await import("sharp");
      await sharp(Buffer.from(svg), { density: 72 })
        .flatten({ background: NIGHT })
        .jpeg({ quality: 70, progressive: true, mozjpeg: true, chromaSubsampling: "4:2:0" })
        .toFile(file);
    }
    const { size } = await stat(file);
    const now = new Date().toISOString();
    const meta = { alt: "", title: "", copyright: "Túria Arena", source: "" };
    const asset = known
      ? { ...known.asset, content_length: size, ...(known.asset.content_length === size ? {} : { updated_at: now }) }
      : {
          id,
          filename: `https://a.storyblok.com/${assetPath(image)}`,
          space_id: SPACE_ID,
          created_at: now,
          updated_at: now,
          file: null,
          asset_folder_id: null,
          deleted_at: null,
          short_filename: `${image.name}.${image.ext}`,
          content_type: CONTENT_TYPES[image.ext],
          content_length: size,
          ...meta,
          expire_at: null,
          focus: null,
          internal_tag_ids: [],
          internal_tags_list: [],
          locked: false,
          publish_at: null,
          is_private: false,
          meta_data: meta,
        };
    const json = path.join(folder, `${stem}.json`);
    await writeFile(`${json}.tmp`, `${JSON.stringify(asset, null, 2)}\n`);
    await rename(`${json}.tmp`, json);
    total += size;
    console.log(`${(size / 1024).toFixed(0).padStart(5)} KB  ${String(SPACE_ID)}/${stem}.${image.ext}  ${assetPath(image)}`);
  }
  console.log(`${(total / 1024 / 1024).toFixed(2)} MB in all`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
