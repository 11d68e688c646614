export * from './http.ts'
export * from './delivery.ts'
export * from './catalogue.ts'
