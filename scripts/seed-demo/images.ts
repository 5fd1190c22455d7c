// Pictures for the small demo set, stored exactly as the upload routes store them: drawn as
// SVG, rendered to PNG by sharp, then cleaned and thumbnailed by server/images and written by
// the app's own queries (provider images, product images, the one preview).
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import type { Database } from '../../server/db/types'
import { cleanImage, thumbnail } from '../../server/images/clean-image'
import { addProductImage, makePreviewImage } from '../../server/products/product-image-queries'
import { THUMBNAIL_WIDTH } from '../../server/products/product-image-routes'
import { saveProviderImage } from '../../server/service-providers/provider-image-queries'
import { PROVIDER_THUMBNAIL_WIDTH } from '../../server/service-providers/provider-image-routes'
import { Random } from './generate'

const PALETTE = [
  '#c0392b',
  '#e67e22',
  '#f1c40f',
  '#27ae60',
  '#16a085',
  '#2980b9',
  '#8e44ad',
  '#2c3e50',
]

export interface ImageCounts {
  providerImages: number
  productImages: number
}

/** Two images for most providers, one to three for every product (the first is its preview). */
export async function addDemoImages(
  db: Kysely<Database>,
  providerIds: number[],
  products: Array<{ id: number; name: string }>,
  seed: number,
): Promise<ImageCounts> {
  const random = new Random(seed ^ 0x5eed0003)
  const counts: ImageCounts = { providerImages: 0, productImages: 0 }
  for (const id of providerIds) {
    if (random.chance(0.85)) {
      await saveProviderImage(db, id, 'passport-photo', ...(await withThumb(portrait(random))))
      counts.providerImages += 1
    }
    if (random.chance(0.85)) {
      await saveProviderImage(db, id, 'brand-logo', ...(await withThumb(logo(random))))
      counts.providerImages += 1
    }
  }
  for (const product of products) {
    const images = 1 + random.int(3)
    for (let n = 1; n <= images; n += 1) {
      const image = await clean(scene(random))
      const thumb = await thumbnail(image.bytes, THUMBNAIL_WIDTH)
      const input = {
        imageName: `${product.name} ${n}`,
        imageDescription: n === 1 ? `${product.name}, as delivered.` : null,
        enabled: true,
      }
      const imageId = await addProductImage(db, product.id, input, image, thumb)
      if (imageId === undefined) throw new Error(`Product ${product.id} vanished`)
      if (n === 1) await makePreviewImage(db, product.id, imageId)
      counts.productImages += 1
    }
  }
  return counts
}

/** The upload path: PNG bytes in, cleaned (re-encoded, metadata-free) image out. */
async function clean(svg: string) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return cleanImage(png, 'image')
}

/** A provider image and its avatar thumbnail, as the upload route makes them. */
async function withThumb(svg: string) {
  const image = await clean(svg)
  return [image, await thumbnail(image.bytes, PROVIDER_THUMBNAIL_WIDTH)] as const
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`
}

/** A head-and-shoulders silhouette on a coloured background, passport proportions. */
function portrait(random: Random): string {
  const skin = random.pick(['#8d5524', '#a0522d', '#6b3e26', '#c68642'])
  return svg(
    300,
    360,
    `<rect width="300" height="360" fill="${random.pick(PALETTE)}"/>
     <ellipse cx="150" cy="340" rx="120" ry="90" fill="#ecf0f1"/>
     <circle cx="150" cy="150" r="75" fill="${skin}"/>`,
  )
}

/** A few overlapping shapes: a plausible logo without any text (fonts may be missing). */
function logo(random: Random): string {
  const [a, b, c] = [random.pick(PALETTE), random.pick(PALETTE), random.pick(PALETTE)]
  return svg(
    256,
    256,
    `<rect width="256" height="256" fill="#ffffff"/>
     <circle cx="128" cy="128" r="${80 + random.int(30)}" fill="${a}"/>
     <rect x="${70 + random.int(30)}" y="${70 + random.int(30)}" width="90" height="90"
       fill="${b}" opacity="0.8" transform="rotate(${random.int(90)} 128 128)"/>
     <circle cx="128" cy="128" r="${20 + random.int(20)}" fill="${c}"/>`,
  )
}

/** A 960×720 still life: a table, a plate and a few things on it. */
function scene(random: Random): string {
  const things = Array.from({ length: 3 + random.int(4) }, () => {
    const x = 300 + random.int(360)
    const y = 300 + random.int(200)
    return `<circle cx="${x}" cy="${y}" r="${20 + random.int(50)}" fill="${random.pick(PALETTE)}"/>`
  }).join('')
  return svg(
    960,
    720,
    `<rect width="960" height="720" fill="${random.pick(PALETTE)}"/>
     <rect y="420" width="960" height="300" fill="#8b5a2b"/>
     <ellipse cx="480" cy="420" rx="300" ry="170" fill="#fdfefe"/>${things}`,
  )
}
