import { expect, test } from 'vitest'
import { describeEachDatabase } from './support/databases'

// Query strings are checked by each route's querystring schema (server/lib/query-schema.ts)
// with the texts the API has always answered; the parser keeps the last of a repeated
// parameter, trims values and takes a blank one as absent.

describeEachDatabase('query parameters', (suite) => {
  test.each([
    ['/api/service-providers?page=abc', 'page must be a positive whole number'],
    ['/api/service-providers?pageSize=0', 'pageSize must be a positive whole number'],
    [
      '/api/service-providers?serviceProviderCategoryId=2147483648',
      'serviceProviderCategoryId must be at most 2147483647',
    ],
    ['/api/service-providers?brandName=a%00b', 'brandName must not contain NUL characters'],
    [`/api/service-providers?email=${'x'.repeat(201)}`, 'email must be at most 200 characters'],
    ['/api/service-providers?enabled=yes', 'enabled must be true or false'],
    ['/api/service-providers?sort=age', 'sort must be one of name, newest, id, brandName'],
    ['/api/service-providers?order=up', 'order must be asc or desc'],
    ['/api/products?minPrice=1000000000000.01', 'minPrice must be at most 1000000000000'],
    [
      '/api/products?maxPrice=1.234',
      'maxPrice must be an amount in naira with at most two decimals',
    ],
    ['/api/products?minRating=5.5', 'minRating must be a number from 0 to 5'],
    [
      '/api/product-categories?parentCategoryId=top',
      'parentCategoryId must be a positive whole number',
    ],
    ['/api/products/1/images/1/image-file?size=huge', 'size must be full or thumb'],
    // The first bad parameter, in the order the route reads them, is the one named.
    ['/api/products?name=a%00&page=0', 'page must be a positive whole number'],
  ])('%s is 400: %s', async (url, detail) => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail })
  })

  test('a repeated parameter keeps its last value; blanks are absent; values are trimmed', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const get = async (url: string) => {
      const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().pagination
    }
    expect(await get('/api/service-providers?pageSize=abc&pageSize=5')).toMatchObject({
      pageSize: 5,
    })
    expect(await get('/api/service-providers?page=%20&pageSize=%207%20')).toMatchObject({
      page: 1,
      pageSize: 7,
    })
    expect(await get('/api/product-categories?parentCategoryId=null&sort=')).toMatchObject({
      page: 1,
    })
  })
})
