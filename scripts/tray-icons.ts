// Draws the tray's icons from the Holdup mark (web/public/favicon.svg's shape) in the four looks of the menu model
// (tray/src/menu-model.ts): calm, waiting (a dot: someone waits on me), offline and signed out (greyed). Written as
// 32 × 32 PNG (Linux, macOS) and ICO (Windows: the same PNG in an ICO container) into tray/icons/, which are checked
// in; run again after changing the mark: `node --import tsx scripts/tray-icons.ts`. The browser extension's icons too.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const BRAND = "#4f46e5"; // the favicon's
const GREY = "#8a8f98";
const DOT = "#f97316";

const mark = (fill: string, options: { dot?: boolean; outline?: boolean } = {}) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="64" height="64">
  ${options.outline ? `<rect x="1.5" y="1.5" width="29" height="29" rx="7" fill="none" stroke="${fill}" stroke-width="3"/>` : `<rect width="32" height="32" rx="8" fill="${fill}"/>`}
  <path d="M10 8v16M22 8v16M10 16h12" stroke="${options.outline ? fill : "#ffffff"}" stroke-width="3.5" stroke-linecap="round" fill="none"/>
  ${options.dot ? `<circle cx="26" cy="6" r="6" fill="${DOT}" stroke="#ffffff" stroke-width="1.5"/>` : ""}
</svg>`;

const looks = { calm: mark(BRAND), waiting: mark(BRAND, { dot: true }), offline: mark(GREY), "signed-out": mark(GREY, { outline: true }) };

/** An ICO file holding one PNG image (Windows Vista and later read PNG inside ICO). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

const directory = path.resolve("tray/icons");
fs.mkdirSync(directory, { recursive: true });
for (const [look, svg] of Object.entries(looks)) {
  const png = await sharp(Buffer.from(svg)).resize(32, 32).png().toBuffer();
  fs.writeFileSync(path.join(directory, `${look}.png`), png);
  fs.writeFileSync(path.join(directory, `${look}.ico`), icoOf(png, 32));
}
console.log(`Wrote ${Object.keys(looks).length * 2} icons to ${directory}`);

// The browser extension's icon, the calm mark at the sizes Chrome asks for (its toolbar badge carries the count).
const extensionIcons = path.resolve("extension/public/icons");
fs.mkdirSync(extensionIcons, { recursive: true });
for (const size of [16, 32, 48, 128]) {
  await sharp(Buffer.from(looks.calm), { density: (72 * size) / 32 }).resize(size, size).png().toFile(path.join(extensionIcons, `icon-${size}.png`));
}
console.log(`Wrote the extension's icons to ${extensionIcons}`);
