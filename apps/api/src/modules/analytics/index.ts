/**
 * Analytics: the admin overview and the sales analytics (their rollup tables, analytics_*) and the
 * orders CSV export. No other module uses it: the composition root wires its router and route.
 */
export {};
