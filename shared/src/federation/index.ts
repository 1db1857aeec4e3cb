export * from './federation-context';
export * from './federated-slot';
