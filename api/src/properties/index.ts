export { propertyQueryRoutes } from './routes.ts';
export { propertyMapRoutes } from './mapRoutes.ts';
