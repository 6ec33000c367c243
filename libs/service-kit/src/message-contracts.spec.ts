import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmptyRequest, UserIdRequest } from '@bakery/contracts';
import { assertMessageContracts, uncheckedMessageHandlers } from './message-contracts';

interface UntypedRequest {
  userId: string;
}

@Controller()
class Checked {
  @MessagePattern('test.checked')
  get(@Payload() req: UserIdRequest) {
    return req;
  }

  @MessagePattern('test.empty')
  empty(@Payload() _req: EmptyRequest) {
    return {};
  }

  notAHandler(value: unknown) {
    return value;
  }
}

@Controller()
class Unchecked {
  @MessagePattern('test.interface')
  byInterface(@Payload() req: UntypedRequest) {
    return req;
  }

  @MessagePattern('test.nothing')
  nothing() {
    return {};
  }

  @MessagePattern('test.part')
  part(@Payload('userId') userId: string) {
    return userId;
  }
}

describe('message handlers and their contracts', () => {
  it('passes handlers that take their whole payload as a contracts class', () => {
    expect(uncheckedMessageHandlers(Checked)).toEqual([]);
    expect(() => assertMessageContracts([Checked])).not.toThrow();
  });

  it('names every handler whose payload the validation pipe would not check', () => {
    const problems = uncheckedMessageHandlers(Unchecked);
    expect(problems).toEqual([
      expect.stringMatching(/^Unchecked\.byInterface \(test\.interface\): its @Payload\(\) is not a class/),
      expect.stringMatching(/^Unchecked\.nothing \(test\.nothing\): has no @Payload\(\) parameter/),
      expect.stringMatching(/^Unchecked\.part \(test\.part\): takes a part of its payload/),
    ]);
    expect(() => assertMessageContracts([Checked, Unchecked])).toThrow(/byInterface[\s\S]*nothing[\s\S]*part/);
  });
});
