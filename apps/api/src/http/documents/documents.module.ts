import { Module } from '@nestjs/common';
import { GetActivityFileUseCase, GetEcgRecordingsUseCase, GetProfileUseCase } from '@strive/domain';
import { IdentityModule } from '../../identity/identity.module';
import { useCaseProvider } from '../../system/use-case-provider';
import { APP_FEATURE_REPOSITORY, HEALTH_RECORD_REPOSITORY } from '../../system/tokens';
import { ActivityFileListReader } from './activity-file-list.reader';
import { ActivityFileController } from './activity-file.controller';
import { ActivityTypesController } from './activity-types.controller';
import { EcgPdfController } from './ecg-pdf.controller';

/** Files built from stored records (the ECG PDF, GPX/TCX/FIT activity files) and the activity type list (issue 13). */
@Module({
  imports: [IdentityModule],
  controllers: [EcgPdfController, ActivityFileController, ActivityTypesController],
  providers: [
    useCaseProvider(GetEcgRecordingsUseCase, APP_FEATURE_REPOSITORY, GetProfileUseCase, HEALTH_RECORD_REPOSITORY),
    useCaseProvider(GetActivityFileUseCase, GetProfileUseCase, HEALTH_RECORD_REPOSITORY),
    ActivityFileListReader,
  ],
})
export class DocumentsModule {}
