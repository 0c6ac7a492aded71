/** What oidc-client-ts's ErrorResponse looks like: the provider's `error` code beside the message. */
export class ProviderError extends Error {
  constructor(
    readonly error: string,
    description: string,
  ) {
    super(description);
    this.name = 'ErrorResponse';
  }
}
