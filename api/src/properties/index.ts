export { propertyQueryRoutes } from './routes.ts';
export { propertyServices } from './services.ts';
