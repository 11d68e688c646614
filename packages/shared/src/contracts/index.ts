export * from './http.ts'
export * from './delivery.ts'
