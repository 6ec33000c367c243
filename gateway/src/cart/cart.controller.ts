import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { AddToCartDto, CartLine, OrderingMessages, OrderingPatterns, UpdateCartLineDto } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { CustomerOnly } from '../auth/access';
import { CurrentPrincipal, Principal } from '../auth/principal';
import { routeId } from '../http/route-id';

/** The signed-in customer's cart; admins have none (403). */
@CustomerOnly()
@Controller('api/cart')
export class CartController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  get(@CurrentPrincipal() me: Principal): Promise<CartLine[]> {
    return this.rpc.request(OrderingPatterns.getCart, { customerId: me.userId });
  }

  @Get('count')
  count(@CurrentPrincipal() me: Principal): Promise<{ count: number }> {
    return this.rpc.request(OrderingPatterns.cartCount, { customerId: me.userId });
  }

  @Post()
  add(@CurrentPrincipal() me: Principal, @Body() body: AddToCartDto): Promise<CartLine> {
    return this.rpc.request(OrderingPatterns.addToCart, { ...body, customerId: me.userId });
  }

  @Put(':id')
  update(@CurrentPrincipal() me: Principal, @Param('id') id: string, @Body() body: UpdateCartLineDto): Promise<CartLine> {
    return this.rpc.request(OrderingPatterns.updateCartLine, { ...body, lineId: lineId(id), customerId: me.userId });
  }

  @Delete(':id')
  remove(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<{ id: string }> {
    return this.rpc.request(OrderingPatterns.removeCartLine, { lineId: lineId(id), customerId: me.userId });
  }
}

function lineId(id: string): string {
  return routeId(id, OrderingMessages.cartLineNotFound);
}
