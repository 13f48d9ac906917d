export {
  createFakeApi,
  fail,
  ok,
  okWith,
  type FakeApi,
  type FakeHandler,
  type FakeReply,
  type RecordedRequest,
} from './fake-api';
export {
  fakeComment,
  fakeCounts,
  fakePhoto,
  fakePlant,
  fakePlantListing,
  fakePost,
  fakeResponder,
  fakeTag,
  fakeUploadedPhoto,
} from './fake-content';
export { fakeProfile } from './fake-profile';
export { ControlledUpload, controlUploads } from './controlled-upload';
