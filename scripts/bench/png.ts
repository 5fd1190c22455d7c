// Small, distinct PNGs for upload workloads, made once with sharp.
import sharp from 'sharp'

export async function makePngs(count: number): Promise<Buffer[]> {
  const pngs: Buffer[] = []
  for (let i = 0; i < count; i += 1) {
    const background = { r: (i * 67) % 256, g: (i * 131) % 256, b: (i * 29 + 90) % 256 }
    pngs.push(
      await sharp({ create: { width: 64 + i, height: 48, channels: 3, background } })
        .png()
        .toBuffer(),
    )
  }
  return pngs
}

export function dataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`
}
