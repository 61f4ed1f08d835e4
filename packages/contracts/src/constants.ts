// The constant tables the client needs as values (not only as types). Plain data, no zod: the web client
// imports this file (`@exchange/contracts/constants`) and nothing else of the contract but types.
