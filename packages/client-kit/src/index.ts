export * from './api.ts'
