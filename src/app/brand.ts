// The product's name and logo, for every page (the sign-in page too, which loads no Chakra).
export const PRODUCT_NAME = 'Marketplace Admin'
export const LOGO_URL = `${import.meta.env.BASE_URL}logo.svg`
