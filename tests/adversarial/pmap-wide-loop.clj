;; pmap over 100,000 items whose function never ends: branches start in batches, so the
;; deadline holds while they are set up (structfuzz program 512655 took 1,374 ms of 200)
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 300
(pmap (fn [& _] (loop [] (recur))) (range 100000))
