/** The schema validator samlify is given in tests/integration/sso-saml.test.ts (the package ships no types). */
declare module '@authenio/samlify-xmllint-wasm' {
  export function validate(xml: string): Promise<true>;
}
