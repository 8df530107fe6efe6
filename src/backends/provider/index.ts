/** In-app providers: apps that connect to the server and send their own tree. */
export { ProviderHub, DEFAULT_PROVIDER_OPTIONS, type ProviderHubOptions } from './providerHub.js';
export { withProviders, PROVIDER_REQUEST_DEADLINE_MS } from './compositeBackend.js';
