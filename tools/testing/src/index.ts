export * from './infrastructure';
export * from './namespace';
export * from './cleanup';
export * from './stack';
export * from './http';
export * from './accounts';
export * from './schedules';
export * from './mail-catcher';
