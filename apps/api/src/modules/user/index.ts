export * from './account';
export * from './login';
export * from './password-reset';
export * from './passwords';
export * from './profile';
export * from './register';
export * from './sessions';
