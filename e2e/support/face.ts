import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';

// The identity journeys' camera (decision 0065): Chromium's fake camera playing a face drawn here, and CPFs whose
// first digit picks the identity emulator's answer.

/** A valid CPF starting with `first` (the identity emulator answers by the first digit: 0-3 clean, 4 a spoof). */
export function cpfStarting(first: number): string {
  const base = [first, ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10))];
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, value, index) => total + value * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const nine = [...base, digit(base)];
  return [...nine, digit(nine)].join('');
}

/**
 * A 480×640 Y4M clip of a drawn face (skin-toned oval, eyes, mouth on a dark background), what the fake camera
 * plays: 4:2:0, one frame, which Chromium loops.
 */
export function faceClip(file: string): void {
  const width = 480;
  const height = 640;
  const y = Buffer.alloc(width * height, 40);
  const u = Buffer.alloc((width / 2) * (height / 2), 128);
  const v = Buffer.alloc((width / 2) * (height / 2), 128);
  const inside = (px: number, py: number, cx: number, cy: number, rx: number, ry: number) =>
    ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 < 1;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const face = inside(px, py, 240, 300, 130, 175);
      const eye = inside(px, py, 190, 260, 22, 12) || inside(px, py, 290, 260, 22, 12);
      const mouth = inside(px, py, 240, 390, 55, 14);
      y[py * width + px] = eye ? 30 : mouth ? 90 : face ? 170 - Math.round((py - 125) / 12) : 40;
      if (face && px % 2 === 0 && py % 2 === 0) {
        const index = (py / 2) * (width / 2) + px / 2;
        u[index] = mouth ? 120 : 110;
        v[index] = mouth ? 170 : 150;
      }
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\nFRAME\n`);
  fs.writeFileSync(file, Buffer.concat([header, y, u, v]));
}

/** Chromium with the fake front camera playing the drawn face, the permission granted. */
export async function launchWithFaceCamera(): Promise<Browser> {
  const clip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-face-')), 'face.y4m');
  faceClip(clip);
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  });
}
