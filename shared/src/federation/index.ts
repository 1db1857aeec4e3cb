export * from './federation-context';
export * from './federated-slot';
export * from './error-boundary';
