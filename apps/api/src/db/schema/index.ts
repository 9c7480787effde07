export * from './activity';
export * from './invoices';
export * from './locations';
export * from './materials';
export * from './notifications';
export * from './rental-requests';
export * from './socket-io';
export * from './users';
