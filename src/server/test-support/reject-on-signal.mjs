// Given to a server process as `--import` (in NODE_OPTIONS) by the tests of its last resort:
// on SIGUSR2 a promise is rejected with nobody to catch it, as a forgotten `await` in a timer
// would, its message quoting FAULT_PHONE as a careless message might.
process.on('SIGUSR2', () => {
  Promise.reject(new Error(`no broker with phone ${process.env.FAULT_PHONE}`));
});
