/** Who is calling: an app's administrator or one of its profiles. */
export type Principal =
  | { readonly kind: 'admin'; readonly appId: string }
  | { readonly kind: 'profile'; readonly appId: string; readonly profileId: string };

export type PrincipalKind = Principal['kind'];
