import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ECG_MAX_CHARTED_SECONDS, ECG_MAX_RECORDINGS, GetEcgRecordingsUseCase, Principal, Source } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { renderEcgPdf } from '../../documents/ecg-pdf.renderer';
import { ApiProblemResponses, problemResponse } from '../problem/api-problem-responses';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { parseCompactDateTime } from './compact-date-time';
import { EcgPdfQuery } from './ecg-pdf.dto';

interface FileResponse {
  header(name: string, value: string): unknown;
}

@ApiTags('Profile data')
@Controller('profile/:profile_public_id/ecg_recordings/pdf')
export class EcgPdfController {
  constructor(private readonly getRecordings: GetEcgRecordingsUseCase) {}

  @Get()
  @Auth('profile')
  // Below Auth: applied first, and the first x-strive-auth set is the one kept.
  @ApiExtension('x-strive-auth', "the profile's own bearer only; its app needs the ecg_pdf feature, granted by the operator")
  @ApiParam({ name: 'profile_public_id', format: 'uuid', description: 'The profile public_id.' })
  @ApiOperation({
    operationId: 'profile_ecg_recordings_pdf',
    summary: 'The ECG recording(s) at a time as a PDF chart',
    description:
      'Charts every ECG recording of the source that starts within the given second on standard ECG paper: 25 mm/s, ' +
      `10 mm/mV, 1 mm and 5 mm grid, 10-second strips, four strips per A4 landscape page, at most ${ECG_MAX_CHARTED_SECONDS} s ` +
      `per recording and ${ECG_MAX_RECORDINGS} recordings. Each page names the profile, the time, the source, the heart rate and ` +
      'the classification. Access is granted per app by the operator (feature ecg_pdf).',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The PDF (Content-Disposition: attachment).',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({ status: 403, ...problemResponse(403), description: "The app has not been granted ecg_pdf, an administrator bearer, or another profile's data." })
  @ApiProblemResponses(400, 404)
  async pdf(
    @CurrentPrincipal() principal: Principal,
    @Param('profile_public_id', UuidParamPipe) profileId: string,
    @Query() query: EcgPdfQuery,
    @Res({ passthrough: true }) response: FileResponse,
  ): Promise<Buffer> {
    const at = parseCompactDateTime(query.datetime) as Date;
    const { profile, recordings } = await this.getRecordings.execute({ principal, profileId, at, source: query.source as Source });
    const pdf = await renderEcgPdf(profile, recordings);
    response.header('content-type', 'application/pdf');
    response.header('content-disposition', `attachment; filename="ecg-${query.datetime}-${query.source.toLowerCase()}.pdf"`);
    return pdf;
  }
}
