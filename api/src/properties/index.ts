export { propertyQueryRoutes } from './routes.ts';
