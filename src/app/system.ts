// The design system: Chakra's default tokens and styles with only the component recipes the app
// renders. `defaultSystem` carries all ~90 recipes (about 25 kB gzip) into every page. A component
// whose recipe is missing renders unstyled without a warning: tests/build/chakra-recipes.test.ts
// fails when the build uses a Chakra recipe that is not listed here.
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  comboboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme'

export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
}

export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
}

// Chakra's own theme config (theme/index.js) with the recipes narrowed to the two lists above.
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
})

// WCAG AA contrast (4.5:1, checked by tests/e2e/accessibility.test.ts): white text on Chakra's
// teal, green and orange .600 fills is 3.3–3.7:1, red.500 error text 3.8:1, gray.400 hints 2.6:1.
const contrastConfig = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        teal: { solid: { value: '{colors.teal.700}' } },
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        fg: {
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
        },
      },
    },
  },
})

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig, contrastConfig))
