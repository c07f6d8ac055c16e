// Prints the current TOTP code (source §2, `code`): `npx tsx mocks/sandbox/totp-code.ts [BASE32_SECRET]` (default: the demo 2FA account).
import { DEMO } from './seed.js';
import { base32Decode, totp } from './totp.js';

console.log(await totp(base32Decode(process.argv[2] ?? DEMO.accounts.twoFactor.totpSecret), Date.now()));
