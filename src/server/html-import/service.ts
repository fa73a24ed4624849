// What other features may use of this one: the rule of which addresses are public.
export { isIpAddress, isPublicAddress } from './address-policy.ts';
