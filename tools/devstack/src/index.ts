export * from './process-stack';
export * from './preflight';
export * from './namespace-cleanup';
