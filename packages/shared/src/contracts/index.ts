export * from './http.ts'
export * from './delivery.ts'
export * from './accounts.ts'
export * from './catalogue.ts'
