/** New webhook signing secrets (`whsec_` + base64 of 32 random bytes, formatPushSecret). */
export interface PushSecretGenerator {
  newSecret(): string;
}
