import { describe, expect, it } from 'vitest'
import { paths } from '../../../src/app/paths'

describe('paths', () => {
  it('builds entity URLs from their patterns', () => {
    expect(paths.serviceProviderCategories.detail(4)).toBe('/service-provider-categories/4')
    expect(paths.serviceProviderCategories.edit(4)).toBe('/service-provider-categories/4/edit')
    expect(paths.serviceProviders.products(9)).toBe('/service-providers/9/products')
    expect(paths.serviceProviders.createProduct(9)).toBe('/service-providers/9/products/new')
    expect(paths.productCategories.create).toBe('/product-categories/new')
    expect(paths.products.createImage(5)).toBe('/products/5/images/new')
    expect(paths.products.image(5, 11)).toBe('/products/5/images/11')
    expect(paths.products.editImage(5, 11)).toBe('/products/5/images/11/edit')
  })
})
