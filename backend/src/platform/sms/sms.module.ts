import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { HttpSmsSender } from './http-sms.sender';
import { MemorySmsSender } from './memory-sms.sender';
import { SmsSender } from './sms-sender';

export function createSmsSender(config: AppConfig): SmsSender {
  const { sms } = config;
  if (sms.driver === 'http')
    return new HttpSmsSender({ url: sms.url, token: sms.token, from: sms.from });
  return new MemorySmsSender();
}

/** Provides `SmsSender`, the driver SMS_DRIVER selects. */
@Global()
@Module({
  providers: [{ provide: SmsSender, inject: [AppConfig], useFactory: createSmsSender }],
  exports: [SmsSender],
})
export class SmsModule {}
