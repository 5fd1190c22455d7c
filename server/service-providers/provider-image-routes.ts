// POST, GET and DELETE of a provider's passport photo and brand logo. The upload is a JSON body
// `{ passportPhoto: "data:image/png;base64,..." }` (or `brandLogo`); what is stored and served
// is the cleaned image (see images/clean-image.ts), never the uploaded bytes. `GET ...?size=thumb`
// serves a WebP copy at most 160 px wide, made once at upload, for avatars.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { READ, WRITE } from '../auth/rights'
import type { Database, ProviderImageKind } from '../db/types'
import { HttpError } from '../errors'
import { cleanImage, thumbnail } from '../images/clean-image'
import { imageSize, imageSizeQuery, sendImage } from '../images/image-reply'
import { decodeBase64Image, IMAGE_BODY_LIMIT } from '../images/image-upload'
import { customFields } from '../lib/custom-fields'
import { ok, pathParams } from '../lib/responses'
import type { RawQuery } from '../lists/list-params'
import { providerAudit } from './provider-audit'
import {
  deleteProviderImage,
  findProviderImage,
  providerExists,
  saveProviderImage,
} from './provider-image-queries'
import { findProvider } from './provider-queries'
import { BASE_PATH, NOT_FOUND, providerId } from './provider-request'

/**
 * The width of the thumbnail made at upload (`?size=thumb`), in pixels. Avatars are at most
 * 64 CSS px (Chakra `2xl`), 128 device px on a 2x screen.
 */
export const PROVIDER_THUMBNAIL_WIDTH = 160

interface ImageKind {
  kind: ProviderImageKind
  /** The body field of the upload. */
  field: 'passportPhoto' | 'brandLogo'
  /** For messages: "This service provider has no passport photo". */
  label: string
}

export const PROVIDER_IMAGE_KINDS: ImageKind[] = [
  { kind: 'passport-photo', field: 'passportPhoto', label: 'passport photo' },
  { kind: 'brand-logo', field: 'brandLogo', label: 'brand logo' },
]

const params = pathParams('id')

export function registerProviderImageRoutes(app: FastifyInstance, db: Kysely<Database>) {
  const { audit } = providerAudit(customFields(app, 'service-provider', 'serviceProviders'))
  for (const { kind, field, label } of PROVIDER_IMAGE_KINDS) {
    const path = `${BASE_PATH}/:id/${kind}`
    const noImage = `This service provider has no ${label}`
    // Not one of the forms in /schemas: the crop dialog sends it, no form renders it.
    const body = {
      type: 'object',
      required: [field],
      properties: { [field]: { type: 'string' } },
    }

    // Answers the provider as GET /service-providers/:id does, its flag now true.
    app.post<{ Body: Record<string, string> }>(
      path,
      { bodyLimit: IMAGE_BODY_LIMIT, config: WRITE, schema: { params, body, response: ok.record } },
      async (request) => {
        const id = providerId(request.params)
        // Cheap check first: a missing provider costs no image decoding.
        if (!(await providerExists(db, id))) throw new HttpError(404, NOT_FOUND)
        const image = await cleanImage(decodeBase64Image(request.body[field], field), field)
        const thumb = await thumbnail(image.bytes, PROVIDER_THUMBNAIL_WIDTH)
        if (!(await saveProviderImage(db, id, kind, image, thumb, audit(request)))) {
          throw new HttpError(404, NOT_FOUND)
        }
        const provider = await findProvider(db, id)
        if (!provider) throw new HttpError(404, NOT_FOUND)
        return provider
      },
    )

    const fileSchema = { params, querystring: imageSizeQuery, response: ok.image }
    app.get(path, { config: READ, schema: fileSchema }, async (request, reply) => {
      const id = providerId(request.params)
      const size = imageSize(request.query as RawQuery)
      const image = await findProviderImage(db, id, kind, size)
      if (image) return sendImage(request, reply, image)
      throw new HttpError(404, (await providerExists(db, id)) ? noImage : NOT_FOUND)
    })

    // 200 `{}` like logout, so clients that always parse a JSON body keep working.
    app.delete(path, { config: WRITE, schema: { params, response: ok.empty } }, async (request) => {
      const id = providerId(request.params)
      const outcome = await deleteProviderImage(db, id, kind, audit(request))
      if (outcome === 'no-provider') throw new HttpError(404, NOT_FOUND)
      if (outcome === 'no-image') throw new HttpError(404, noImage)
      return {}
    })
  }
}
