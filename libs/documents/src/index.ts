export * from './pdf';
export * from './invoice-pdf';
