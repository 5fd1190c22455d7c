// The mixed read/write workload of `npm run bench:load`: every request picks an operation by
// weight. Records created here carry a unique name, so afterwards the database can be checked
// against the 201s actually received (see load-checks.ts).
import { SEARCH_TERMS } from '../seed-demo/words'
import type { Context, Shot } from './cannon'

export interface WorkloadData {
  /** Seeded product ids are 1..products, provider ids 1..providers. */
  products: number
  providers: number
  categoryIds: number[]
  /** Images that exist before the run (make-preview needs some). */
  images: Array<{ productId: number; imageId: number }>
  pngs: Buffer[]
}

export interface OpTally {
  sent: number
  statuses: Record<string, number>
  /** Milliseconds from sending to the answer, per answered request. */
  latencies: number[]
}

/** Names given to created records: `${PREFIX.product}${n}`, `${PREFIX.image}${n}`. */
export const PREFIX = { product: 'Bench load product ', image: 'bench-load-image-' }

type Op = { name: string; weight: number; write?: true; shot: () => Shot & { token?: string } }

/** After `writesUntil` (epoch ms) only reads are sent, so no write is cut off unanswered. */
export function mixedWorkload(data: WorkloadData, writesUntil: number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]
  const upTo = (n: number) => 1 + Math.floor(Math.random() * n)
  const createdIds: number[] = []
  const images = [...data.images]
  const anyProduct = () =>
    createdIds.length > 0 && Math.random() < 0.3 ? pick(createdIds) : upTo(data.products)
  const categories = () => [...new Set([pick(data.categoryIds), pick(data.categoryIds)])]
  let serial = 0
  const json = (value: unknown) => JSON.stringify(value)
  const terms = SEARCH_TERMS.productName

  const ops: Op[] = [
    { name: 'list products', weight: 14, shot: () => ({ path: `/api/products?page=${upTo(20)}` }) },
    {
      name: 'list products, filtered',
      weight: 14,
      shot: () =>
        pick([
          { path: `/api/products?name=${pick(Object.values(terms))}` },
          { path: `/api/products?categoryId=${pick(data.categoryIds)}` },
          { path: `/api/products?minPrice=${upTo(50) * 1000}&maxPrice=200000&minRating=3.5` },
        ]),
    },
    {
      name: 'list providers',
      weight: 8,
      shot: () =>
        pick([
          { path: `/api/service-providers?page=${upTo(5)}` },
          { path: `/api/service-providers?brandName=${SEARCH_TERMS.brandName.broad}` },
        ]),
    },
    {
      name: 'category dropdown',
      weight: 4,
      shot: () => ({ path: '/api/product-categories?pageSize=3000' }),
    },
    { name: 'product detail', weight: 16, shot: () => ({ path: `/api/products/${anyProduct()}` }) },
    {
      name: 'provider detail',
      weight: 5,
      shot: () => ({ path: `/api/service-providers/${upTo(data.providers)}` }),
    },
    {
      name: 'product images list',
      weight: 3,
      shot: () => ({ path: `/api/products/${anyProduct()}/images` }),
    },
    {
      name: 'product create',
      write: true,
      weight: 10,
      shot: () => {
        const token = `${PREFIX.product}${++serial}`
        const body = {
          name: token,
          description: 'Made by npm run bench:load.',
          pricing: 'Fixed',
          price: upTo(100_000),
          productCategoryIds: categories(),
          serviceProviderId: upTo(data.providers),
        }
        return { method: 'POST', path: '/api/products', body: json(body), token }
      },
    },
    {
      // Seeded products only: created ones keep the name that identifies them.
      name: 'product update',
      write: true,
      weight: 10,
      shot: () => {
        const min = upTo(50_000)
        const body = {
          name: `Updated Suya Spice Jar ${++serial}`,
          description: 'Updated by npm run bench:load.',
          pricing: 'Range',
          minPrice: min,
          maxPrice: min + upTo(50_000),
          estimatedDeliveryDays: upTo(14),
          enabled: Math.random() < 0.9,
          productCategoryIds: categories(),
          rating: upTo(50) / 10,
          noOfRatings: upTo(1000),
        }
        return { method: 'PUT', path: `/api/products/${upTo(data.products)}`, body: json(body) }
      },
    },
    {
      // The contract's product-image body: bare base64, no data: prefix.
      name: 'product image upload',
      write: true,
      weight: 6,
      shot: () => {
        const token = `${PREFIX.image}${++serial}`
        const body = { image: pick(data.pngs).toString('base64'), imageName: token, enabled: true }
        return {
          method: 'POST',
          path: `/api/products/${anyProduct()}/images`,
          body: json(body),
          token,
        }
      },
    },
    {
      name: 'provider logo upload',
      write: true,
      weight: 3,
      shot: () => {
        const brandLogo = `data:image/png;base64,${pick(data.pngs).toString('base64')}`
        const path = `/api/service-providers/${upTo(data.providers)}/brand-logo`
        return { method: 'POST', path, body: json({ brandLogo }) }
      },
    },
    {
      name: 'make preview',
      write: true,
      weight: 7,
      shot: () => {
        const { productId, imageId } = pick(images)
        const path = `/api/products/${productId}/images/${imageId}/make-preview-image`
        return { method: 'POST', path, body: '{}' }
      },
    },
  ]

  const reads = ops.filter((op) => !op.write)
  const weightOf = (list: Op[]) => list.reduce((sum, op) => sum + op.weight, 0)
  const tally = Object.fromEntries(
    ops.map((op) => [op.name, { sent: 0, statuses: {}, latencies: [] }]),
  ) as Record<string, OpTally>
  /** Unique names sent in creates, and those answered 201. */
  const names = { sent: new Set<string>(), created: new Set<string>() }

  const shot = (context: Context): Shot => {
    const choices = Date.now() < writesUntil ? ops : reads
    const op = weightedPick(choices, Math.random() * weightOf(choices))
    const { token, ...request } = op.shot()
    context.op = op.name
    context.token = token
    // autocannon sends a request as soon as it is built (one in flight per connection).
    context.sentAt = performance.now()
    tally[op.name].sent += 1
    if (token) names.sent.add(token)
    return request
  }

  const onResponse = (status: number, body: string, context: Context) => {
    const op = context.op as string
    const { statuses, latencies } = tally[op]
    statuses[status] = (statuses[status] ?? 0) + 1
    latencies.push(performance.now() - (context.sentAt as number))
    if (status !== 201) return
    names.created.add(context.token as string)
    const answer = JSON.parse(body) as { id: number; productId?: number }
    if (op === 'product create') createdIds.push(answer.id)
    if (op === 'product image upload' && answer.productId) {
      images.push({ productId: answer.productId, imageId: answer.id })
    }
  }

  return { shot, onResponse, tally, names }
}

function weightedPick(ops: Op[], roll: number): Op {
  let left = roll
  for (const op of ops) {
    left -= op.weight
    if (left < 0) return op
  }
  return ops[0]
}
