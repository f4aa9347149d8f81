import { RecountAppPointsUseCase } from '@strive/domain';
import { JobHandler } from './job-handler';

/** points.recount: every profile's total_points under the app's new points definition. */
export const pointsRecountJob = (useCase: RecountAppPointsUseCase): JobHandler<'points.recount'> => ({
  type: 'points.recount',
  run: (job) => useCase.execute({ appId: job.appId }),
});
