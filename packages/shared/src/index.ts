export * from './access';
export * from './calculations';
export * from './constants';
export * from './errors';
export * from './notifications';
export * from './schemas/auth';
export * from './schemas/common';
export * from './types';
