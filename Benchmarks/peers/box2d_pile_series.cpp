// Box2D 2.4.1 on benchmark scene C (as box2d_bench.cpp builds it: 10 x 10 pt boxes, friction 0.2, restitution 0.2,
// damping 0.1, sleeping off, two 1/120 s steps of 8/3 iterations per frame), for 20 s: does the pile settle, and stay
// settled? Issue 19's settling study (docs/benchmarks.md).
//
//   g++ -O2 -o /tmp/pile Benchmarks/peers/box2d_pile_series.cpp -lbox2d
//   /tmp/pile 1000 [R]                  every 0.5 s the largest point speed |v| + (half diagonal) |w| in pt/s, with
//                                       the box and its y; R 0 gives the boxes radius 0 (UIKit's rectangles have no
//                                       skin) instead of Box2D's 1 pt skin, 00 the boundary segments radius 0 as well
//                                       (as dynsim's), 1 (the default) keeps Box2D's skins
//   /tmp/pile sweep R C N1 N2 ...       for each N, the largest point speed from 5 s to 20 s and when, and from 5 s to
//                                       10 s (sampled every 0.25 s); R as above, C 0 or 1 (continuous physics off or on)
#include <box2d/box2d.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

struct Pile {
    b2World world{b2Vec2(0, 10)};
    std::vector<b2Body*> bodies;
    Pile(int n, bool radius0, bool segments0, bool continuous) {
        const double P = 100;
        auto m = [&](double x, double y) { return b2Vec2(float(x / P), float(y / P)); };
        world.SetContinuousPhysics(continuous);
        b2BodyDef gd; b2Body* ground = world.CreateBody(&gd);
        int columns = int(std::ceil(std::sqrt(2.0 * n))); double width = columns * 12.0 + 6;
        b2Vec2 c[4] = {m(0, -10000), m(0, 667), m(width, 667), m(width, -10000)};
        for (int i = 0; i < 3; ++i) { b2EdgeShape e; e.SetTwoSided(c[i], c[i + 1]); if (segments0) e.m_radius = 0; b2FixtureDef f; f.shape = &e; f.friction = 0.2f; f.restitution = 0.2f; ground->CreateFixture(&f); }
        for (int k = 0; k < n; ++k) {
            int col = k % columns, row = k / columns; double st = row % 2 ? 3 : 0;
            b2BodyDef d; d.type = b2_dynamicBody; d.position = m(8 + 12.0 * col + st, 667 - 25 - 12.0 * row);
            d.linearDamping = 0.1f; d.angularDamping = 0.1f; d.allowSleep = false;
            b2Body* b = world.CreateBody(&d);
            b2PolygonShape s; s.SetAsBox(0.05f, 0.05f); if (radius0) s.m_radius = 0;
            b2FixtureDef f; f.shape = &s; f.density = 1; f.friction = 0.2f; f.restitution = 0.2f; b->CreateFixture(&f);
            bodies.push_back(b);
        }
    }
    void frame() { for (int i = 0; i < 2; ++i) world.Step(1.0f / 120, 8, 3); }
    // The largest point speed in pt/s and the box that has it.
    double fastest(int* which) {
        double mx = 0; *which = 0;
        for (size_t i = 0; i < bodies.size(); ++i) {
            b2Vec2 v = bodies[i]->GetLinearVelocity();
            double sp = 100 * (std::sqrt(v.x * v.x + v.y * v.y) + 0.0707107 * std::fabs(bodies[i]->GetAngularVelocity()));
            if (sp > mx) { mx = sp; *which = int(i); }
        }
        return mx;
    }
};

int main(int argc, char** argv) {
    if (argc > 4 && std::strcmp(argv[1], "sweep") == 0) {
        bool radius0 = argv[2][0] == '0', segments0 = std::strcmp(argv[2], "00") == 0, continuous = argv[3][0] != '0';
        for (int a = 4; a < argc; ++a) {
            int n = atoi(argv[a]);
            Pile pile(n, radius0, segments0, continuous);
            double late = 0, lateT = 0, early = 0;
            for (int fr = 1; fr <= 20 * 60; ++fr) {
                pile.frame();
                if (fr < 300 || fr % 15) continue;
                int which; double mx = pile.fastest(&which);
                if (mx > late) { late = mx; lateT = fr / 60.0; }
                if (fr <= 600) early = std::max(early, mx);
            }
            printf("box2d-2.4.1 radius=%s continuous=%d n=%d: largest point speed 5-20 s %.2f pt/s at %.2f s; 5-10 s %.2f\n",
                   segments0 ? "0 (boxes and segments)" : radius0 ? "0" : "1pt", continuous, n, late, lateT, early);
            fflush(stdout);
        }
        return 0;
    }
    int n = atoi(argv[1]); bool radius0 = argc > 2 && argv[2][0] == '0', segments0 = argc > 2 && std::strcmp(argv[2], "00") == 0;
    Pile pile(n, radius0, segments0, true);
    printf("box2d-2.4.1 radius=%s n=%d ", segments0 ? "0 (boxes and segments)" : radius0 ? "0" : "1pt", n);
    for (int fr = 1; fr <= 20 * 60; ++fr) {
        pile.frame();
        if (fr % 30) continue;
        int arg; double mx = pile.fastest(&arg);
        printf("%.1f:%.1f(#%d,y=%.0f) ", fr / 60.0, mx, arg, 100 * pile.bodies[arg]->GetPosition().y); fflush(stdout);
    }
    printf("\n");
}
