// Generated at build time by scripts/form-validators-plugin.ts from schemas/<entity>.json.
declare module 'virtual:form-validator/*' {
  import type { ValidatorFunctions } from './define-form'

  const validators: ValidatorFunctions
  export default validators
}
